import { memo } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { IconCircleCheck, IconClockHour4, IconCreditCard, IconReceipt } from '@tabler/icons-react';
import { useOrderCount, type OrderCountStatus } from '../api/get-order-count';

const COUNTERS: { status: OrderCountStatus; label: string; color: string; icon: typeof IconReceipt }[] = [
  { status: 'all', label: 'Total Orders', color: 'blue', icon: IconReceipt },
  { status: 'null', label: 'In Progress', color: 'yellow', icon: IconClockHour4 },
  { status: 'approved', label: 'Completed', color: 'green', icon: IconCircleCheck },
  { status: 'unpaid', label: 'Unpaid', color: 'red', icon: IconCreditCard },
];

function Counter({ status, label, color, icon: Icon }: (typeof COUNTERS)[number]) {
  const count = useOrderCount(status);
  return (
    <Card withBorder radius="lg" padding="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={color} size={42} radius="md" aria-hidden>
          <Icon size={22} stroke={1.7} />
        </ThemeIcon>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          {count.isPending ? (
            <Skeleton height={24} width={40} mt={4} />
          ) : (
            <Text fw={700} fz={22} lh={1.2}>
              {count.data ?? '—'}
            </Text>
          )}
        </div>
      </Group>
    </Card>
  );
}

/**
 * Total Orders, In Progress, Completed and Unpaid, each from GET /order/getCountBystatus. Memoised:
 * each counter reads its own count, so the order list's answers do not draw them again.
 */
export const OrderCounters = memo(function OrderCounters() {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" component="section" aria-label="Order counts">
      {COUNTERS.map((c) => (
        <Counter key={c.status} {...c} />
      ))}
    </SimpleGrid>
  );
});
