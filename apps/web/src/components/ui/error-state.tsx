import { Alert, Button, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { messages } from '@copydesk/shared';

type ErrorStateProps = {
  /** What could not be done, in a sentence: 'The orders could not be loaded.' */
  title: string;
  /** The failure; its message (an ApiError carries the server's) is shown under the title. */
  error: unknown;
  /** Asks again: usually the query's `refetch`. Without it no Retry button is offered. */
  onRetry?: () => void;
  /** The new attempt is under way. */
  retrying?: boolean;
};

/**
 * The one way a screen says that something failed to load: what failed, why (the server's
 * message) and a Retry. A failed list shows this instead of looking empty.
 */
export function ErrorState({ title, error, onRetry, retrying = false }: ErrorStateProps) {
  const message = error instanceof Error && error.message ? error.message : messages.serverError;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry} loading={retrying}>
            Retry
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
