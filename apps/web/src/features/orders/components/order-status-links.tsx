import { Link } from 'react-router';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { IconChevronRight, IconClockHour4, IconCreditCard, IconEyeCheck } from '@tabler/icons-react';
import { useOrderCount } from '../api/get-order-count';
import { useOrders } from '../api/get-orders';
import classes from './orders-table.module.css';

type LinkCardProps = { label: string; count: number | undefined; loading: boolean; to: string; color: string; icon: typeof IconCreditCard };

function LinkCard({ label, count, loading, to, color, icon: Icon }: LinkCardProps) {
  return (
    // Named by its own text, label then count (WCAG 2.5.3: a name that is not the visible text is
    // not one a voice-control user can say).
    <Card component={Link} to={to} withBorder radius="lg" padding="md" className={classes.counter}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color={color} size={42} radius="md" aria-hidden>
            <Icon size={22} stroke={1.7} />
          </ThemeIcon>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            {loading ? (
              <Skeleton height={24} width={36} mt={4} />
            ) : (
              <Text fw={700} fz={22} lh={1.2}>
                {count ?? '—'}
              </Text>
            )}
          </div>
        </Group>
        <IconChevronRight size={18} color="var(--mantine-color-gray-6)" aria-hidden />
      </Group>
    </Card>
  );
}

/** Dashboard: Awaiting Payment, In Progress and Pending Approval, each opening the filtered order list. */
export function OrderStatusLinks() {
  const unpaid = useOrderCount('unpaid');
  const inProgress = useOrderCount('null');
  const pending = useOrders({ status: 'pending_review', limit: 1, page: 1 });
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <LinkCard label="Awaiting Payment" count={unpaid.data} loading={unpaid.isPending} to="/order?status=unpaid" color="red" icon={IconCreditCard} />
      <LinkCard label="In Progress" count={inProgress.data} loading={inProgress.isPending} to="/order?status=inprogress" color="blue" icon={IconClockHour4} />
      <LinkCard
        label="Pending Approval"
        count={pending.data?.meta?.total}
        loading={pending.isPending}
        to="/order?status=pending_review"
        color="orange"
        icon={IconEyeCheck}
      />
    </SimpleGrid>
  );
}
