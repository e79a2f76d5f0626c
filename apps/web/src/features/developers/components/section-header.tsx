import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** A section's heading, what it is for, and its main action. */
export function SectionHeader({ id, title, intro, action }: { id: string; title: string; intro: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" p="md">
      <Stack gap={4} maw={720}>
        <Title order={2} fz="xl" id={id}>
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {intro}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
