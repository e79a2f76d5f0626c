import { useRef } from 'react';
import { Button, FileButton, Group, Progress, Stack, Text, type MantineSize } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { IconUpload } from '@tabler/icons-react';
import { DOCX_MIME } from '@copydesk/shared';
import { useDeliverDocx } from '../hooks/use-deliver-docx';
import { DeliverConfirmModal } from './deliver-confirm-modal';

export const DOCX_ACCEPT = `.docx,${DOCX_MIME}`;

/** The row (a table row or a card) around `el`, made focusable for the moment it receives focus. */
function focusRowOf(el: Element | null) {
  const row = el?.closest<HTMLElement>('tr, li');
  if (!row?.isConnected) return;
  if (!row.hasAttribute('tabindex')) row.tabIndex = -1;
  row.focus();
}

/**
 * "Upload .docx" for an item in progress: the chosen file's word count against the order is shown
 * before it is delivered (deliver-confirm-modal.tsx); a progress bar replaces the button while the
 * file travels. Once delivered, focus goes to the item's row, where the changed status is, not to
 * the top of the page (the button itself is gone by then).
 */
export function DeliverDocxButton({ contentId, itemLabel, size = 'xs' }: { contentId: number; itemLabel?: string; size?: MantineSize }) {
  const anchor = useRef<HTMLDivElement>(null);
  // Kept at confirmation: the row stays while this button goes.
  const row = useRef<Element | null>(null);
  const { choose, confirm, cancel, chosen, progress, counting, uploading } = useDeliverDocx(contentId, {
    onDelivered: () => focusRowOf(row.current),
  });
  const resetRef = useRef<() => void>(null);
  const modal = (
    <DeliverConfirmModal
      chosen={chosen}
      itemLabel={itemLabel}
      onCancel={cancel}
      onConfirm={() => {
        row.current = anchor.current?.closest('tr, li') ?? null;
        confirm();
      }}
    />
  );

  if (uploading) {
    return (
      <Stack gap={2} miw={120} ref={anchor}>
        <Progress value={progress} animated aria-label={`${counting ? 'Word count' : 'Upload'} progress${itemLabel ? ` (${itemLabel})` : ''}`} />
        <Text size="xs" c="gray.7">
          {counting ? 'Counting words…' : progress < 100 ? `Uploading… ${progress}%` : 'Counting words…'}
        </Text>
        {modal}
      </Stack>
    );
  }
  return (
    <Group gap={0} ref={anchor}>
      {modal}
      <FileButton
        resetRef={resetRef}
        accept={DOCX_ACCEPT}
        onChange={(file) => {
          choose(file);
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
