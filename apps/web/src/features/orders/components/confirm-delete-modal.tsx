import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '@copydesk/shared';

type ConfirmDeleteModalProps = {
  opened: boolean;
  /** What is deleted, for the title ("order 12", "item 40"). */
  subject: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** 'Do you really want to delete?' before an admin removes an order or an item. */
export function ConfirmDeleteModal({ opened, subject, busy, onCancel, onConfirm }: ConfirmDeleteModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={
        <Text component="span" fw={700} fz="lg">
          Delete {subject}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': 'Cancel delete' }}
    >
      <Text>{messages.confirmDelete}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
