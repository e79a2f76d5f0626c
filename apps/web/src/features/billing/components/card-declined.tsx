import { Alert, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { IconCreditCardOff } from '@tabler/icons-react';

/** A card the gateway refused (402): said beside the card, where the fix is, not only in a toast. */
export function CardDeclined({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" title="Payment not completed" icon={<IconCreditCardOff size={18} aria-hidden />} role="alert">
      <Text size="sm">{message}</Text>
      <Text size="sm" c="dimmed">
        Nothing was charged. Try another card, or check the details with your bank.
      </Text>
    </Alert>
  );
}
