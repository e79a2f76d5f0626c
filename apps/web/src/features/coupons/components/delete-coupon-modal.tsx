import { Button, Group, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { messages } from '@copydesk/shared';

type DeleteCouponModalProps = {
  /** The code of the coupon to delete; null keeps the modal closed. */
  code: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** 'Do you really want to delete?' before a coupon goes. */
export function DeleteCouponModal({ code, busy, onCancel, onConfirm }: DeleteCouponModalProps) {
  return (
    <Modal
      opened={code !== null}
      onClose={() => !busy && onCancel()}
      title={
        <Text component="span" fw={700} fz="lg">
          Delete coupon {code}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': 'Cancel delete' }}
    >
      <Text>{messages.confirmDelete}</Text>
      <Text size="sm" c="dimmed" mt="xs">
        Orders that already used it keep their discount and stay in the coupon history.
      </Text>
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
