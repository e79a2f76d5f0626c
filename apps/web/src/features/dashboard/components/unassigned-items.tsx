import { Link } from 'react-router';
import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { IconChevronRight } from '@tabler/icons-react';
import { useAdminStats } from '../api/get-admin-stats';
import classes from './unassigned-items.module.css';

/** The fulfilment queue's address for the items nobody has taken. */
export const UNASSIGNED_QUEUE = '/fulfilment?status=Unassigned';

const dueDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/**
 * Dashboard (admins): paid items no writer has taken yet, the earliest due first, each opening the
 * fulfilment queue at that item, and a link to all of them there. The figures above say when the
 * call failed.
 */
export function UnassignedItems() {
  const stats = useAdminStats();
  const rows = stats.data?.unassigned ?? [];
  const total = stats.data?.unassigned_items ?? 0;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="unassigned-items-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="lg" id="unassigned-items-title">
          Unassigned items{stats.data ? ` (${total})` : ''}
        </Title>
        {total > 0 && (
          <Anchor component={Link} to={UNASSIGNED_QUEUE} size="sm">
            {total > rows.length ? `View all ${total} in the queue` : 'Open in the queue'}
          </Anchor>
        )}
      </Group>
      {stats.isPending ? (
        <Stack gap="sm">
          {Array.from({ length: 2 }, (_, i) => (
            <Skeleton key={i} height={52} radius="md" />
          ))}
        </Stack>
      ) : stats.isError ? null : rows.length === 0 ? (
        <Text c="gray.7">Every paid item has a writer. New paid items appear here until someone takes them.</Text>
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((item) => (
            <li key={item.id}>
              <UnstyledButton component={Link} to={`${UNASSIGNED_QUEUE}&search=${item.id}`} className={classes.row} data-overdue={item.overdue || undefined}>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {item.article_title || `Item ${item.id}`}
                    </Text>
                    <Text size="sm" c="gray.7">
                      Item #{item.id} · {item.order_type} · {item.agency.name}
                      {item.due_at ? ` · due ${dueDate(item.due_at)}` : ''}
                    </Text>
                  </div>
                  <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
                    {item.overdue && (
                      <Badge color="red" variant="light">
                        Overdue
                      </Badge>
                    )}
                    <Text size="sm" fw={600} c="blue.9" visibleFrom="xs">
                      Assign
                    </Text>
                    <IconChevronRight size={18} color="var(--mantine-color-blue-8)" aria-hidden />
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
