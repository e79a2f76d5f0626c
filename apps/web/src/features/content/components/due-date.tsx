import { Badge, Group, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDate } from '../lib/format';

/** A due date; an overdue one says so in words, not only in red. */
type DueDateProps = {
  dueAt: string | null;
  overdue: boolean;
  size?: 'xs' | 'sm' | 'md';
  /** The label under the date (narrow table cells). */ stacked?: boolean;
};

export function DueDate({ dueAt, overdue, size = 'sm', stacked = false }: DueDateProps) {
  if (!dueAt) return <Text size={size}>—</Text>;
  return (
    <Group gap={stacked ? 2 : 6} wrap="nowrap" style={stacked ? { flexDirection: 'column', alignItems: 'flex-start' } : undefined}>
      <Text size={size} fw={overdue ? 700 : undefined} c={overdue ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {formatDate(dueAt)}
      </Text>
      {overdue && (
        <Badge color="red" variant="filled" radius="sm" size="sm" leftSection={<IconAlertTriangle size={12} aria-hidden />}>
          Overdue
        </Badge>
      )}
    </Group>
  );
}
