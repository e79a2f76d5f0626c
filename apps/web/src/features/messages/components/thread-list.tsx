import { Link } from 'react-router';
import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { inboxScreenMessages as t } from '@copydesk/shared';
import type { MessageThreadRow } from '../api/types';
import { formatWhen } from '../lib/format';
import classes from './thread-list.module.css';

type ThreadListProps = {
  threads: MessageThreadRow[];
  selectedId: number | null;
  /** Admins see every agency's threads, so each row names its agency. */
  showAgency: boolean;
  /** Where a row leads (the inbox with `?thread={id}`). */
  threadHref: (id: number) => string;
};

/** The inbox's threads, newest activity first; an unread one is bold with a dot and says so in words. */
export function ThreadList({ threads, selectedId, showAgency, threadHref }: ThreadListProps) {
  return (
    <ul className={classes.list} aria-label={t.listLabel}>
      {threads.map((thread) => {
        const selected = thread.id === selectedId;
        return (
          <li key={thread.id} className={classes.row} data-selected={selected || undefined} data-unread={thread.unread || undefined}>
            <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
              <Group gap={8} wrap="nowrap" align="center" style={{ minWidth: 0 }}>
                {thread.unread && <span className={classes.dot} aria-hidden />}
                <Text
                  component={Link}
                  to={threadHref(thread.id)}
                  className={classes.subject}
                  fw={thread.unread ? 700 : 500}
                  size="sm"
                  aria-current={selected ? 'true' : undefined}
                  aria-label={thread.unread ? `${thread.subject} (${t.unread})` : undefined}
                >
                  {thread.subject}
                </Text>
              </Group>
              <Text component="time" dateTime={thread.last_message_at} size="xs" c="dimmed" style={{ flex: 'none' }}>
                <VisuallyHidden>{t.lastActivity} </VisuallyHidden>
                {formatWhen(thread.last_message_at)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4} className={classes.meta}>
              {t.openedBy(thread.author.name)}
              {showAgency && thread.agency && <> · {thread.agency.name}</>}
              {thread.order_id !== null && (
                <>
                  {' · '}
                  <Anchor component={Link} to={`/items/${thread.order_id}`} size="xs" className={classes.orderLink}>
                    {t.orderLink(thread.order_id)}
                  </Anchor>
                </>
              )}
            </Text>
          </li>
        );
      })}
    </ul>
  );
}
