import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Modal.css';
import { IconAlertTriangle } from '@tabler/icons-react';
import { reviewScreenMessages } from '@copydesk/shared';
import type { ChosenDocx } from '../hooks/use-deliver-docx';

type DeliverConfirmModalProps = { chosen: ChosenDocx | null; itemLabel?: string; onCancel: () => void; onConfirm: () => void };

/**
 * The admin's last look before a delivery reaches the customer: the chosen file's word count against
 * the order, and a warning when it is short (docs/decisions/0040-review-screen.md).
 */
export function DeliverConfirmModal({ chosen, itemLabel, onCancel, onConfirm }: DeliverConfirmModalProps) {
  const words = chosen?.words;
  return (
    <Modal
      opened={chosen !== null}
      onClose={onCancel}
      title={
        <Text component="span" fw={700} fz="lg">
          {itemLabel ? `Deliver this file (${itemLabel})?` : 'Deliver this file?'}
        </Text>
      }
      centered
      closeButtonProps={{ 'aria-label': 'Cancel the delivery' }}
    >
      {chosen && words && (
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <b>{chosen.file.name}</b>
          </Text>
          {words.short ? (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {reviewScreenMessages.shortBeforeDelivery(words.word_count, words.requested_word_count)}
            </Alert>
          ) : (
            <Text>{reviewScreenMessages.fileWords(words.word_count, words.requested_word_count)}</Text>
          )}
          <Text size="sm" c="gray.7">
            It becomes the next version and the customer is notified.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={onConfirm}>{words.short ? 'Deliver anyway' : 'Deliver'}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
