import { Link } from 'react-router';
import { Box, Group, Skeleton, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { IconWallet } from '@tabler/icons-react';
import { formatDollars } from '@copydesk/shared';
import { useAvailableBalance } from '../api/get-available-balance';

/** The wallet balance in the top bar (agencies and associates; an associate sees its agency's). */
export function BalanceBadge({ userId }: { userId: number }) {
  const balance = useAvailableBalance(userId);
  // A failed refetch keeps the last balance (the central toast says so).
  if (balance.isLoadingError) return null;
  const amount = typeof balance.data?.balance === 'number' ? formatDollars(balance.data.balance) : null;
  return (
    // Named by its content, "Available balance $X" at every width (an aria-label that is not the
    // visible text fails WCAG 2.5.3, label in name); the visible "Balance" is not read twice.
    <UnstyledButton
      component={Link}
      to="/billing"
      px={{ base: 8, xs: 'sm' }}
      py={6}
      style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-teal-0)' }}
    >
      <VisuallyHidden>Available balance</VisuallyHidden>
      <Group gap={8} wrap="nowrap">
        <Box visibleFrom="xs" style={{ display: 'flex' }}>
          <IconWallet size={20} stroke={1.7} color="var(--mantine-color-teal-8)" aria-hidden />
        </Box>
        <div>
          <Text size="xs" c="dimmed" lh={1.1} visibleFrom="sm" aria-hidden>
            Balance
          </Text>
          {amount ? (
            <Text size="sm" fw={700} lh={1.2} c="teal.9">
              {amount}
            </Text>
          ) : (
            <Skeleton h={16} w={64} />
          )}
        </div>
      </Group>
    </UnstyledButton>
  );
}
