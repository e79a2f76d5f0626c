import { useRef } from 'react';
import { Button, FileButton, Group, Progress, Stack, Text, type MantineSize } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { IconUpload } from '@tabler/icons-react';
import { DOCX_MIME } from '@copydesk/shared';
import { useDeliverDocx } from '../hooks/use-deliver-docx';

export const DOCX_ACCEPT = `.docx,${DOCX_MIME}`;

/** "Upload .docx" for an item in progress; a progress bar replaces the button while the file travels. */
export function DeliverDocxButton({ contentId, itemLabel, size = 'xs' }: { contentId: number; itemLabel?: string; size?: MantineSize }) {
  const { deliver, progress, uploading } = useDeliverDocx(contentId);
  const resetRef = useRef<() => void>(null);

  if (uploading) {
    return (
      <Stack gap={2} miw={120}>
        <Progress value={progress} animated aria-label={`Upload progress${itemLabel ? ` (${itemLabel})` : ''}`} />
        <Text size="xs" c="gray.7">
          {progress < 100 ? `Uploading… ${progress}%` : 'Counting words…'}
        </Text>
      </Stack>
    );
  }
  return (
    <Group gap={0}>
      <FileButton
        resetRef={resetRef}
        accept={DOCX_ACCEPT}
        onChange={(file) => {
          deliver(file);
          resetRef.current?.();
        }}
      >
        {(props) => (
          <Button
            {...props}
            size={size}
            variant="light"
            leftSection={<IconUpload size={16} aria-hidden />}
            aria-label={itemLabel ? `Upload .docx (${itemLabel})` : undefined}
          >
            Upload .docx
          </Button>
        )}
      </FileButton>
    </Group>
  );
}
