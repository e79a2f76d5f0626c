import { Button, Group, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';

type ApproveModalProps = { opened: boolean; version: number | null; busy: boolean; onCancel: () => void; onConfirm: () => void };

/** Approval is final: the writer's work is accepted and no revision can be asked for afterwards. */
export function ApproveModal({ opened, version, busy, onCancel, onConfirm }: ApproveModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={
        <Text component="span" fw={700} fz="lg">
          Approve content
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': 'Cancel approval' }}
    >
      <Text>{version ? `You are approving version ${version}. ` : ''}Once approved, the item is complete and no more revisions can be requested.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} loading={busy}>
          Approve
        </Button>
      </Group>
    </Modal>
  );
}
