import { useEffect, useState } from 'react';
import { Alert, Button, Card, Center, Grid, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Pagination.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconMessagePlus, IconRefresh } from '@tabler/icons-react';
import { inboxMessages, inboxScreenMessages as t, messages, orderScreenMessages, roleCan } from '@copydesk/shared';
import { useThreads } from '@/features/messages/api/get-threads';
import { CreateMessageModal } from '@/features/messages/components/create-message-modal';
import { ThreadList } from '@/features/messages/components/thread-list';
import { ThreadView } from '@/features/messages/components/thread-view';
import { useInboxParams } from '@/features/messages/hooks/use-inbox-params';
import { useSession } from '@/lib/auth';
import { usePagedList } from '@/lib/use-paged-list';
import { LoadingIndicator } from '@/components/ui/loading-indicator';

const PAGE_LIMIT = 10;

/**
 * /message: the support inbox (docs/decisions/0024-support-inbox.md). Threads on the left and the open one on the right
 * on wide screens; one at a time on phones. `?thread={id}` opens a thread, `?order_id={id}` the
 * new-thread form about that order.
 */
export function MessageRoute() {
  const { role } = useSession();
  // Support answers every agency's threads and opens them only about an order.
  const isAdmin = roleCan(role, 'messages.support');
  // Read at once (not after a first render) so a wide screen does not flash the phone layout.
  const wide = useMediaQuery('(min-width: 62em)', false, { getInitialValueInEffect: false });
  const { threadId, orderId, threadHref, openThread, closeThread, clearOrder } = useInboxParams();
  const { page, setPage, params } = usePagedList({ limit: PAGE_LIMIT });
  const [creating, setCreating] = useState(false);
  /** The thread just started here: its view focuses its message once loaded. */
  const [started, setStarted] = useState<number | null>(null);
  const threads = useThreads(params);
  const meta = threads.data?.meta;

  // A page that no longer exists (threads moved on) falls back to the last one.
  useEffect(() => {
    if (meta && meta.last_page >= 1 && page > meta.last_page) setPage(meta.last_page);
  }, [meta, page, setPage]);

  const modalOpen = creating || orderId !== null;
  const closeModal = () => {
    setCreating(false);
    if (orderId !== null) clearOrder();
  };
  const onCreated = (id: number) => {
    setCreating(false);
    setStarted(id);
    setPage(1);
    openThread(id);
  };

  const list = (
    <Card withBorder radius="lg" padding={0}>
      {threads.isPending ? (
        <Center mih={200}>
          <LoadingIndicator label={t.loadingList} />
        </Center>
      ) : threads.isError && !threads.data ? (
        <Alert m="md" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t.listFailed}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{threads.error.message}</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void threads.refetch()}
              loading={threads.isFetching}
            >
              {t.retry}
            </Button>
          </Stack>
        </Alert>
      ) : threads.data.data.length === 0 ? (
        <Text ta="center" c="dimmed" fw={600} py="xl" px="md">
          {messages.noMessages}
        </Text>
      ) : (
        <>
          <ThreadList threads={threads.data.data} selectedId={threadId} showAgency={isAdmin} threadHref={threadHref} />
          {meta && (
            <Group justify="space-between" gap="xs" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <Text size="xs" c="dimmed">
                {orderScreenMessages.showingEntries(meta.from ?? 0, meta.to ?? 0, meta.total)}
              </Text>
              {meta.last_page > 1 && (
                <Pagination
                  total={meta.last_page}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  siblings={0}
                  boundaries={1}
                  getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control })}
                  getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                />
              )}
            </Group>
          )}
        </>
      )}
    </Card>
  );

  const thread =
    threadId === null ? (
      <Card withBorder radius="lg" padding="lg">
        <Center mih={200}>
          <Text c="dimmed" ta="center">
            {t.chooseThread}
          </Text>
        </Center>
      </Card>
    ) : (
      <Card withBorder radius="lg" padding="lg">
        <ThreadView
          key={threadId}
          threadId={threadId}
          showAgency={isAdmin}
          onBack={wide ? undefined : closeThread}
          focusOnOpen={!wide}
          focusNewest={threadId === started}
        />
      </Card>
    );

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t.title}
          </Title>
          <Text c="dimmed">{isAdmin ? t.subtitleAdmin : t.subtitleCustomer}</Text>
        </Stack>
        {!isAdmin && (
          <Button leftSection={<IconMessagePlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {inboxMessages.createTitle}
          </Button>
        )}
      </Group>

      {wide ? (
        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 5, xl: 4 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 7, xl: 8 }}>{thread}</Grid.Col>
        </Grid>
      ) : threadId === null ? (
        list
      ) : (
        thread
      )}

      <CreateMessageModal opened={modalOpen} onClose={closeModal} orderId={orderId} requireOrder={isAdmin} onCreated={onCreated} />
    </Stack>
  );
}
