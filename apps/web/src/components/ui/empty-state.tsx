import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconInbox, type TablerIcon } from '@tabler/icons-react';

type EmptyStateProps = {
  /** The headline; where the original portal named one for the screen, its string ('No data found.'). */
  title?: ReactNode;
  /** One plain sentence: why there is nothing, and what to do about it. */
  message?: ReactNode;
  /** What to do next: a button or a link. */
  action?: ReactNode;
  icon?: TablerIcon;
};

/** What a screen or list shows when there is nothing to show (the billing chart's style). */
export function EmptyState({ title, message, action, icon: Icon = IconInbox }: EmptyStateProps) {
  return (
    <Stack align="center" justify="center" gap="xs" py="xl" px="md" ta="center">
      <Icon size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
      {title && (
        <Text fw={700} c="gray.8">
          {title}
        </Text>
      )}
      {/* gray.7, not dimmed: small grey text needs 4.5:1 on white. */}
      {message && (
        <Text size="sm" c="gray.7" maw={460}>
          {message}
        </Text>
      )}
      {action}
    </Stack>
  );
}
