import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Modal.css';
import { IconReceiptRefund } from '@tabler/icons-react';
import { messages, orderMessages } from '@copydesk/shared';

type ConfirmDeleteModalProps = {
  opened: boolean;
  /** What is deleted, for the title ("order 12", "item 40", "2 orders"). */
  subject: string;
  /** The question, when not the one-record 'Do you really want to delete?' (several orders at once). */
  question?: string;
  busy: boolean;
  /** A paid order or item: its paid amount goes back to the agency wallet (docs/decisions/0007-refunds.md). */
  refund?: 'order' | 'item';
  /** Unpaid: nothing was charged, so nothing is refunded, and the order can no longer be paid. */
  unpaid?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * 'Do you really want to delete?' before an order or an item is removed (an admin's, or a
 * customer's unpaid one); says when it refunds, and that an unpaid one is gone for good.
 */
export function ConfirmDeleteModal({ opened, subject, question, busy, refund, unpaid, onCancel, onConfirm }: ConfirmDeleteModalProps) {
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
      <Text>{question ?? messages.confirmDelete}</Text>
      {unpaid && (
        <Text mt="sm" size="sm">
          {orderMessages.confirmDeleteUnpaid}
        </Text>
      )}
      {refund && (
        <Alert mt="md" color="blue" variant="light" icon={<IconReceiptRefund size={18} aria-hidden />}>
          This {refund} has been paid. The amount paid for it will be refunded to the agency's wallet, with a credit note in the billing history.
        </Alert>
      )}
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
