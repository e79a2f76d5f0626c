import { Link } from 'react-router';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { formatDollars, messages, reviewScreenMessages } from '@copydesk/shared';
import { ErrorState } from '@/components/ui/error-state';
import { useOrders } from '../api/get-orders';
import { OrderStatusBadge } from './order-status-badge';
import { formatDate, orderTarget } from './orders-table';
import classes from './recent-orders.module.css';

/**
 * Dashboard: the 3 latest orders; an unpaid one has a red left border and asks for the payment. A
 * failed first load says so, with Retry, rather than looking like no orders.
 */
export function RecentOrders({ isAdmin }: { isAdmin: boolean }) {
  const orders = useOrders({ page: 1, limit: 3, sort_column: 'id', sort_order: 'desc' });
  const rows = orders.data?.data;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          Recent orders
        </Title>
        <Anchor component={Link} to="/order" size="sm">
          View all
        </Anchor>
      </Group>
      {orders.isPending ? (
        <Stack gap="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={56} radius="md" />
          ))}
        </Stack>
      ) : orders.isLoadingError ? (
        <ErrorState title={reviewScreenMessages.recentOrdersFailed} error={orders.error} onRetry={() => void orders.refetch()} retrying={orders.isFetching} />
      ) : !rows?.length ? (
        <Text c="dimmed" ta="center" fw={600} py="lg">
          {messages.noData}
        </Text>
      ) : (
        <Stack gap="sm">
          {rows.map((order) => (
            <UnstyledButton key={order.id} component={Link} to={orderTarget(order, isAdmin)} className={classes.row} data-unpaid={order.unpaid || undefined}>
              <Group justify="space-between" style={{ gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)' }}>
                <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                  <Text fw={600}>
                    Order #{order.id}{' '}
                    <Text span size="sm" c="dimmed" fw={400}>
                      · {formatDate(order.created_at)} · {order.no_of_content} {order.no_of_content === 1 ? 'item' : 'items'}
                    </Text>
                  </Text>
                  {/* A request to the customer: admins cannot pay, so they never see it. */}
                  {order.unpaid && !isAdmin && (
                    <Text size="sm" c="red.8">
                      {messages.orderNotActive}
                    </Text>
                  )}
                </div>
                <Group gap="sm" wrap="nowrap">
                  <Text fw={600}>{formatDollars(order.total)}</Text>
                  <OrderStatusBadge status={order.status} />
                </Group>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  );
}
