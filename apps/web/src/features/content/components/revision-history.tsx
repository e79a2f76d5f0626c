import { Badge, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import type { RevisionEntry } from '@copydesk/shared';
import { formatDateTime } from '../lib/format';

/** The revisions the customer asked for: reason, what should change, when; newest first. */
export function RevisionHistory({ revisions }: { revisions: RevisionEntry[] }) {
  const sorted = [...revisions].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (!sorted.length) return <Text c="gray.7">No revisions have been requested.</Text>;
  return (
    <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Revision requests">
      {sorted.map((revision, i) => (
        <Stack
          key={`${revision.created_at}-${i}`}
          component="li"
          gap={4}
          p="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Group justify="space-between" gap="xs">
            <Badge variant="light" color="grape" radius="sm" tt="none">
              {revision.reason}
            </Badge>
            <Text size="xs" c="gray.7">
              {formatDateTime(revision.created_at)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {revision.description}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
