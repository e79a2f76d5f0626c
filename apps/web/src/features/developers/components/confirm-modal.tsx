import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';

type ConfirmModalProps = {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** The red button's word: 'Revoke', 'Remove'. */
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** Asks before something that cannot be undone (revoking a key, removing a webhook); Cancel takes focus first. */
export function ConfirmModal({ opened, title, children, confirmLabel, busy, onCancel, onConfirm }: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onCancel()}
      title={
        <Text component="span" fw={700} fz="lg">
          {title}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
