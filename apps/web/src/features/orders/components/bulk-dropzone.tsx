import { Group, Stack, Text } from '@mantine/core';
// The dropzone draws core's LoadingOverlay: core's styles first, then its own.
import '@mantine/core/styles/LoadingOverlay.css';
import { Dropzone, type DropzoneProps, type FileRejection } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { BULK_MAX_BYTES, BULK_MAX_ROWS } from '@copydesk/shared';

const XLSX_ACCEPT = { 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'] };

type BulkDropzoneProps = {
  onFile: (file: File) => void;
  /** Set to a function that opens the file chooser (the preview's "Upload another sheet"). */
  openRef?: DropzoneProps['openRef'];
  /** 'file-too-large', 'file-invalid-type' or 'too-many-files'. */
  onReject: (code: string) => void;
  loading: boolean;
  disabled: boolean;
};

/** The upload area of the bulk order modal; its own chunk, loaded when the modal opens. */
export default function BulkDropzone({ onFile, openRef, onReject, loading, disabled }: BulkDropzoneProps) {
  return (
    <Dropzone
      onDrop={(files) => files[0] && onFile(files[0])}
      openRef={openRef}
      onReject={(rejections: FileRejection[]) => onReject(rejections[0]?.errors[0]?.code ?? 'file-invalid-type')}
      accept={XLSX_ACCEPT}
      maxSize={BULK_MAX_BYTES}
      multiple={false}
      loading={loading}
      disabled={disabled}
      radius="md"
    >
      <Group justify="center" gap="md" mih={96} wrap="nowrap" style={{ pointerEvents: 'none' }}>
        <Dropzone.Accept>
          <IconUpload size={40} stroke={1.5} color="var(--mantine-color-blue-7)" aria-hidden />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={40} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileSpreadsheet size={40} stroke={1.5} color="var(--mantine-color-green-8)" aria-hidden />
        </Dropzone.Idle>
        <Stack gap={2}>
          <Text fw={600}>Drop the filled .xlsx here or click to choose it</Text>
          <Text size="sm" c="dimmed">
            One file, up to {BULK_MAX_BYTES / 1024 / 1024} MB and {BULK_MAX_ROWS.toLocaleString('en-US')} rows.
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
