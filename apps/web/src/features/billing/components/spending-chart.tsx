import { BarChart } from '@mantine/charts';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
// Mantine's core styles first, then the chart's (the chart draws core's ColorSwatch and Tooltip).
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/charts/styles.css';
import { IconChartBar } from '@tabler/icons-react';
import { amountToCents, centsToDollars, formatDollars, listScreenMessages } from '@copydesk/shared';
import { useBillingHistory, type BillingRow } from '../api/get-billing-history';
import { ErrorState } from '@/components/ui/error-state';

/** The chart reads the newest payments of the history call, at most this many. */
export const CHART_ROWS = 100;
const MONTHS_SHOWN = 6;

type MonthPoint = { month: string; spending: number };

export const monthRange = (now = new Date()) => {
  const first = new Date(now.getFullYear(), now.getMonth() - (MONTHS_SHOWN - 1), 1);
  const label = (d: Date) => d.toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
  return `${label(first)} – ${label(now)}`;
};

const monthKey = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;

/**
 * Order payments summed per calendar month (local time), for the last six months up to `now`,
 * months without payments included as 0. Amounts add up in cents.
 */
export function monthlySpending(rows: BillingRow[], now = new Date()): MonthPoint[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.type !== 'order payment') continue;
    const key = monthKey(new Date(row.date));
    totals.set(key, (totals.get(key) ?? 0) + amountToCents(row.amount));
  }
  const points: MonthPoint[] = [];
  for (let i = MONTHS_SHOWN - 1; i >= 0; i--) {
    const month = new Date(now.getFullYear(), now.getMonth() - i, 1);
    points.push({
      month: month.toLocaleDateString(undefined, { month: 'short' }),
      spending: centsToDollars(totals.get(monthKey(month)) ?? 0),
    });
  }
  return points;
}

/** Axis ticks without cents: $1,250. */
const wholeDollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

/** Monthly spending on the billing screen (lazy: recharts stays out of every other screen). */
export default function SpendingChart() {
  const history = useBillingHistory({ page: 1, limit: CHART_ROWS, sort_column: 'created_at', sort_order: 'desc' });
  const points = history.data ? monthlySpending(history.data.data) : [];
  const empty = points.every((p) => p.spending === 0);

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="xs">
          <div>
            <Title order={2} fz="lg">
              Monthly Spending
            </Title>
            <Text size="sm" c="dimmed">
              Order payments, {monthRange()}
            </Text>
          </div>
        </Group>
        {/* A failed refetch keeps the data on screen (the central toast says so): only a failed first load shows here. */}
        {history.isLoading ? (
          <Skeleton h={240} />
        ) : history.isLoadingError ? (
          <ErrorState title={listScreenMessages.spendingFailed} error={history.error} onRetry={() => history.refetch()} retrying={history.isFetching} />
        ) : empty ? (
          <Stack h={160} align="center" justify="center" gap="xs">
            <IconChartBar size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">No order payments in the last {MONTHS_SHOWN} months.</Text>
          </Stack>
        ) : (
          <BarChart
            h={240}
            data={points}
            dataKey="month"
            series={[{ name: 'spending', label: 'Spending', color: 'blue.6' }]}
            valueFormatter={formatDollars}
            tickLine="none"
            gridAxis="x"
            withTooltip
            maxBarWidth={48}
            yAxisProps={{ tickFormatter: wholeDollars, width: 64 }}
            xAxisProps={{ interval: 0 }}
            aria-label="Order payments per month"
            role="img"
          />
        )}
      </Stack>
    </Card>
  );
}
