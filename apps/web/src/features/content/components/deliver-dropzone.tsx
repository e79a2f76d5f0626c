import { Group, Progress, Stack, Text } from '@mantine/core';
// The dropzone draws core's LoadingOverlay: core's styles first, then its own.
import '@mantine/core/styles/LoadingOverlay.css';
import '@mantine/core/styles/Progress.css';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconFileTypeDocx, IconUpload, IconX } from '@tabler/icons-react';
import { DOCX_MAX_BYTES, DOCX_MIME, reviewScreenMessages, type ContentDocument } from '@copydesk/shared';
import { useDeliverDocx } from '../hooks/use-deliver-docx';
import { DeliverConfirmModal } from './deliver-confirm-modal';

/**
 * Admins on the content view: drop (or choose) the writer's .docx, see its word count against the
 * order, then deliver it as a new version. Its own chunk. `onDelivered` gets the new version.
 */
export default function DeliverDropzone({ contentId, onDelivered }: { contentId: number; onDelivered?: (document: ContentDocument) => void }) {
  const { choose, confirm, cancel, chosen, reject, progress, counting, uploading } = useDeliverDocx(contentId, { onDelivered });
  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => choose(files[0] ?? null)}
        onReject={(rejections) => reject(rejections[0]?.errors[0]?.code ?? 'file-invalid-type')}
        accept={{ [DOCX_MIME]: ['.docx'] }}
        maxSize={DOCX_MAX_BYTES}
        multiple={false}
        loading={uploading}
        disabled={uploading}
        radius="md"
      >
        <Group justify="center" gap="md" mih={80} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          {/* flex: none, or the icon shrinks to nothing beside the text in a narrow column */}
          <div style={{ flex: 'none', display: 'flex' }}>
            <Dropzone.Accept>
              <IconUpload size={34} stroke={1.5} color="var(--mantine-color-blue-7)" aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={34} stroke={1.5} color="var(--mantine-color-red-7)" aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFileTypeDocx size={34} stroke={1.5} color="var(--mantine-color-blue-8)" aria-hidden />
            </Dropzone.Idle>
          </div>
          <Stack gap={2}>
            <Text fw={600} size="sm">
              Upload .docx: drop the file here or click to choose it
            </Text>
            <Text size="xs" c="gray.7">
              One Word file, up to {DOCX_MAX_BYTES / 1024 / 1024} MB. It becomes the next version and the customer is notified.
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {uploading && (
        <Stack gap={2}>
          <Progress value={progress} animated aria-label={counting ? 'Word count progress' : 'Upload progress'} />
          <Text size="xs" c="gray.7" role="status">
            {counting ? reviewScreenMessages.countingWords : progress < 100 ? `Uploading… ${progress}%` : 'Counting words…'}
          </Text>
        </Stack>
      )}
      <DeliverConfirmModal chosen={chosen} onCancel={cancel} onConfirm={confirm} />
    </Stack>
  );
}
