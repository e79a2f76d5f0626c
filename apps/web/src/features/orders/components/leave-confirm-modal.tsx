import { Button, Group, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { orderScreenMessages } from '@copydesk/shared';

type LeaveConfirmModalProps = { opened: boolean; onStay: () => void; onLeave: () => void };

/** Asked before unsaved order items are dropped: stay on the form or leave it. */
export function LeaveConfirmModal({ opened, onStay, onLeave }: LeaveConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={
        <Text component="span" fw={700} fz="lg">
          Leave this page?
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': 'Stay on this page' }}
    >
      <Text>{orderScreenMessages.leaveOrderForm}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onStay}>
          Stay
        </Button>
        <Button color="red" onClick={onLeave}>
          Leave
        </Button>
      </Group>
    </Modal>
  );
}
