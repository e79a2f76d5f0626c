import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Badge, Box, Button, Center, Divider, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Badge.css';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { inboxScreenMessages as t } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useThread } from '../api/get-thread';
import type { ThreadMessage } from '../api/types';
import { authorRoleLabel, formatWhen } from '../lib/format';
import { ReplyForm } from './reply-form';
import classes from './thread-view.module.css';

type ThreadViewProps = {
  threadId: number;
  /** Phones show the list or the thread: a Back button returns to the list. */
  onBack?: () => void;
  /** Moves focus to the subject when a thread opens (phones, where the list just disappeared). */
  focusOnOpen?: boolean;
  /** The thread was just started here: focus goes to its message once it has loaded (instead of the subject). */
  focusNewest?: boolean;
  /** Admins read every agency's threads, so the header names the agency. */
  showAgency: boolean;
};

function MessageBubble({ entry }: { entry: ThreadMessage }) {
  const support = entry.author.role === 'admin';
  const color = support ? 'blue' : 'gray';
  return (
    // Focusable by script only: where focus goes once a message sent from here is in the thread.
    <li className={classes.message} data-support={support || undefined} data-message-id={entry.id} tabIndex={-1}>
      <Group gap={8} justify="space-between" wrap="wrap" mb={6}>
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={700} truncate>
            {entry.author.name}
          </Text>
          <Badge size="xs" variant="light" color={color} c={badgeText(color)} radius="sm">
            {authorRoleLabel(entry.author.role)}
          </Badge>
        </Group>
        <Text component="time" dateTime={entry.created_at} size="xs" c="dimmed">
          {formatWhen(entry.created_at)}
        </Text>
      </Group>
      <Text size="sm" className={classes.body}>
        {entry.message}
      </Text>
    </li>
  );
}

/** One thread: who opened it and about what, its messages oldest first, and the reply box. */
export function ThreadView({ threadId, onBack, focusOnOpen = false, focusNewest = false, showAgency }: ThreadViewProps) {
  const thread = useThread(threadId);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const loadedId = thread.data?.id;
  /** A message sent from here (its id, or the newest for a thread just started) to focus once it is listed. */
  const [sent, setSent] = useState<number | 'newest' | null>(focusNewest ? 'newest' : null);
  const shown = thread.data?.messages;

  useEffect(() => {
    if (focusOnOpen && !focusNewest && loadedId !== undefined) heading.current?.focus();
  }, [focusOnOpen, focusNewest, loadedId]);

  // After sending, the message itself takes focus (not the top of the page, where the reply box's
  // reset would leave it): screen readers read it, and the reply box is the next Tab.
  useEffect(() => {
    if (sent === null || !shown?.length || !list.current) return;
    const id = sent === 'newest' ? shown[shown.length - 1]!.id : sent;
    const target = list.current.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    if (!target) return;
    target.focus();
    setSent(null);
  }, [sent, shown]);

  const back = onBack && (
    <Button variant="subtle" color="gray" leftSection={<IconArrowLeft size={18} aria-hidden />} onClick={onBack} px={8} style={{ alignSelf: 'flex-start' }}>
      {t.back}
    </Button>
  );

  if (thread.isPending) {
    return (
      <Stack gap="sm">
        {back}
        <Center mih={200}>
          <LoadingIndicator label={t.loadingThread} />
        </Center>
      </Stack>
    );
  }

  if (thread.isError) {
    return (
      <Stack gap="sm">
        {back}
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t.threadFailed}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{thread.error.message}</Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void thread.refetch()}
              loading={thread.isFetching}
            >
              {t.retry}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  const data = thread.data;
  return (
    <Stack gap="md" component="article" aria-labelledby={`thread-${data.id}-subject`}>
      {back}
      <Stack gap={4}>
        <Title order={2} fz={{ base: 20, sm: 22 }} id={`thread-${data.id}-subject`} ref={heading} tabIndex={-1} className={classes.subject}>
          {data.subject}
        </Title>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t.openedBy(data.author.name)}
          {showAgency && <> · {data.agency.name}</>}
          {data.order_id !== null && (
            <>
              {' · '}
              <Anchor component={Link} to={`/items/${data.order_id}`} size="sm">
                {t.orderLink(data.order_id)}
              </Anchor>
            </>
          )}
          {' · '}
          <time dateTime={data.created_at}>{t.startedOn(formatWhen(data.created_at))}</time>
        </Text>
      </Stack>
      <Divider />
      <Box component="ol" ref={list} className={classes.messages} aria-label={t.threadMessagesLabel}>
        {data.messages.map((entry) => (
          <MessageBubble key={entry.id} entry={entry} />
        ))}
      </Box>
      <Divider />
      <ReplyForm key={data.id} threadId={data.id} onSent={setSent} />
    </Stack>
  );
}
