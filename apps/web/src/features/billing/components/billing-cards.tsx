import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { IconChartBar, IconCreditCard, IconPlus, IconWallet } from '@tabler/icons-react';
import { formatDollars, messages } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import { useAvailableBalance } from '../api/get-available-balance';
import { useSavedCards } from '../api/get-saved-cards';
import { useSpending } from '../api/get-spending';

type StatCardProps = {
  icon: ReactNode;
  color: string;
  label: string;
  children: ReactNode;
  action?: ReactNode;
};

function StatCard({ icon, color, label, children, action }: StatCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <Stack gap="md" h="100%" justify="space-between">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
            {icon}
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Text size="sm" c="dimmed" fw={600}>
              {label}
            </Text>
            {children}
          </Stack>
        </Group>
        {action}
      </Stack>
    </Card>
  );
}

/** `error`: the first load failed. A failed refetch keeps the data on screen (the central toast says so). */
const Amount = ({ loading, error, value }: { loading: boolean; error: Error | null; value: number | undefined }) => {
  if (loading) return <Skeleton h={30} w={120} />;
  if (error)
    return (
      <Text c="red" size="sm">
        {error.message}
      </Text>
    );
  return (
    <Text fz={26} fw={700} lh={1.2}>
      {formatDollars(value ?? 0)}
    </Text>
  );
};

export function SpendingCard({ userId }: { userId: number }) {
  const spending = useSpending(userId);
  return (
    <StatCard icon={<IconChartBar size={24} />} color="grape" label="Total Spending">
      <Amount loading={spending.isLoading} error={spending.isLoadingError ? spending.error : null} value={spending.data?.spending} />
    </StatCard>
  );
}

export function BalanceCard({ userId, onAddBalance }: { userId: number; onAddBalance?: () => void }) {
  const balance = useAvailableBalance(userId);
  return (
    <StatCard
      icon={<IconWallet size={24} />}
      color="teal"
      label="Available Balance"
      action={
        onAddBalance && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddBalance} variant="light" fullWidth>
            Add Balance
          </Button>
        )
      }
    >
      <Amount loading={balance.isLoading} error={balance.isLoadingError ? balance.error : null} value={balance.data?.balance} />
    </StatCard>
  );
}

/** Admins have no wallet: the card credits an agency's instead. */
export function AdminBalanceCard({ onAddBalance }: { onAddBalance: () => void }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color="teal" aria-hidden>
            <IconWallet size={24} />
          </ThemeIcon>
          <div>
            <Text fw={700}>Agency Balances</Text>
            <Text size="sm" c="dimmed">
              Credit an agency's wallet, with a note of why. It shows in their history and on an invoice.
            </Text>
          </div>
        </Group>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAddBalance}>
          Add Balance
        </Button>
      </Group>
    </Card>
  );
}

export function PaymentMethodsCard({ userId }: { userId: number }) {
  const cards = useSavedCards(userId);
  const recent = cards.data?.data[0];
  const more = (cards.data?.data.length ?? 0) - 1;
  return (
    <StatCard icon={<IconCreditCard size={24} />} color="blue" label="Payment Methods">
      {cards.isLoading ? (
        <Skeleton h={44} />
      ) : cards.isLoadingError ? (
        <Text c="red" size="sm">
          {cards.error.message}
        </Text>
      ) : recent ? (
        <Stack gap={4}>
          <Group gap="xs" align="center">
            <Text fw={600}>
              Card ending in {recent.card_last_digits}, Expiry {recent.card_expiry}
            </Text>
            <Badge size="sm" variant="light" color="green" c={badgeText('green')}>
              Recent
            </Badge>
          </Group>
          {more > 0 && (
            <Text size="xs" c="dimmed">
              +{more} more saved {more === 1 ? 'card' : 'cards'}
            </Text>
          )}
        </Stack>
      ) : (
        <Text c="dimmed">{messages.noSavedCard}</Text>
      )}
    </StatCard>
  );
}
