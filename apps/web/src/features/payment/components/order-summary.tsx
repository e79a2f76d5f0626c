import type { ReactNode } from 'react';
import { Badge, Card, Divider, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { amountToCents, formatDollars, formatMoney, type OrderDetail } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import type { CouponState } from '../hooks/use-coupon';

function Line({ label, value, strong, color }: { label: ReactNode; value: string; strong?: boolean; color?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 600} c={color} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** Item type and word count lines, item count, coupon and totals. */
type OrderSummaryProps = { order: OrderDetail; coupon: CouponState; paid?: boolean; children?: ReactNode };

export function OrderSummary({ order, coupon, paid, children }: OrderSummaryProps) {
  const itemCount = order.orderBreakDown.reduce((n, line) => n + line.itemCount, 0) || order.order.no_of_content;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Order Summary
          </Title>
          <Badge variant="light" color={paid ? 'teal' : 'orange'} c={badgeText(paid ? 'teal' : 'orange')}>
            {paid ? 'Paid' : 'Unpaid'}
          </Badge>
        </Group>
        {order.content.length > 0 ? (
          // Each item by its title, so the customer sees what they pay for; a long bulk order scrolls.
          <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars="present" viewportProps={{ tabIndex: 0 }}>
            <Stack gap="sm" component="ul" aria-label="Order items" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {order.content.map((item) => (
                <li key={item.id}>
                  <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {item.article_title || item.title || 'Untitled item'}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {item.order_type} · {item.word_count}
                        {item.addOn ? ` · ${item.addOn}` : ''}
                      </Text>
                    </div>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {formatDollars(item.cost)}
                    </Text>
                  </Group>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {order.orderBreakDown.map((line, i) => (
              <li key={i}>
                <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600}>
                      {line.itemType}
                      {line.itemCount > 1 ? ` × ${line.itemCount}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {line.itemWord}
                      {line.itemAddons ? ` · ${line.itemAddons}` : ''}
                    </Text>
                  </div>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney((amountToCents(line.itemWordPrice) + amountToCents(line.itemAddonPrice)) * line.itemCount)}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        <Divider />
        <Line label="Order Items" value={String(itemCount)} />
        {children}
        {coupon.applied && (
          <>
            <Line label="Subtotal" value={formatMoney(coupon.subtotalCents)} />
            <Line label={`Discount (${coupon.applied.coupon_code})`} value={`-${formatMoney(coupon.discountCents)}`} color="teal.9" />
          </>
        )}
        <Divider />
        <Line label="Order Total" value={formatMoney(coupon.dueCents)} strong />
      </Stack>
    </Card>
  );
}
