import { Link } from 'react-router';
import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Container.css';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { messages } from '@copydesk/shared';
import { Brand } from '@/components/ui/brand';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useOutbox } from '@/features/dev-mailbox/api/get-outbox';
import { OutboxList } from '@/features/dev-mailbox/components/outbox-list';
import { ApiError } from '@/lib/api-client';

/** /dev/mailbox: the emails a development server kept instead of sending, so links in them can be followed. */
export function DevMailboxRoute() {
  const outbox = useOutbox();
  const off = outbox.error instanceof ApiError && outbox.error.status === 404;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Anchor component={Link} to="/login" underline="never" aria-label="Copydesk sign in">
            <Brand />
          </Anchor>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => outbox.refetch()} loading={outbox.isFetching}>
            Refresh
          </Button>
        </Group>
        <Stack gap={4}>
          <Title order={1}>Development mailbox</Title>
          <Text c="dimmed">Emails this server would have sent, newest first. Open one to follow its links.</Text>
        </Stack>
        {outbox.isPending ? (
          <LoadingIndicator label="Loading emails" />
        ) : off ? (
          <Alert color="gray" icon={<IconInfoCircle aria-hidden />}>
            {messages.mailboxOff}
          </Alert>
        ) : outbox.error ? (
          <Alert color="red" icon={<IconInfoCircle aria-hidden />}>
            {outbox.error instanceof ApiError ? outbox.error.message : messages.serverError}
          </Alert>
        ) : outbox.data.data.length === 0 ? (
          <Text c="dimmed">{messages.mailboxEmpty}</Text>
        ) : (
          <OutboxList emails={outbox.data.data} />
        )}
      </Stack>
    </Container>
  );
}
