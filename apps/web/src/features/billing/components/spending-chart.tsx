import { BarChart } from '@mantine/charts';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
// Mantine's core styles first, then the chart's (the chart draws core's ColorSwatch and Tooltip).
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/charts/styles.css';
import { IconChartBar } from '@tabler/icons-react';
import { billingHistoryMessages, formatDollars, listScreenMessages, SPENDING_MONTHS } from '@copydesk/shared';
import { useMonthlySpending } from '../api/get-monthly-spending';
import { ErrorState } from '@/components/ui/error-state';

type MonthPoint = { month: string; spending: number };

/** A month of the series (YYYY-MM, UTC) as the axis shows it: "Jun", or "Jun 2026" with the year. */
const monthLabel = (month: string, withYear = false) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });

/** "Jun 2026 – Nov 2026": the months the series covers. */
export const monthRange = (series: MonthPoint[]) => (series.length ? `${monthLabel(series[0]!.month, true)} – ${monthLabel(series.at(-1)!.month, true)}` : '');

/** The server's series (order payments net of their refunds per UTC month) as the chart draws it. */
export const chartPoints = (series: MonthPoint[]): MonthPoint[] => series.map((p) => ({ month: monthLabel(p.month), spending: p.spending }));

/** Axis ticks without cents: $1,250. */
const wholeDollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

/** Monthly spending on the billing screen (lazy: recharts stays out of every other screen). */
export default function SpendingChart() {
  const spending = useMonthlySpending();
  const series = spending.data?.data ?? [];
  const points = chartPoints(series);
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
              {billingHistoryMessages.chartSubtitle(monthRange(series))}
            </Text>
          </div>
        </Group>
        {/* A failed refetch keeps the data on screen (the central toast says so): only a failed first load shows here. */}
        {spending.isLoading ? (
          <Skeleton h={240} />
        ) : spending.isLoadingError ? (
          <ErrorState title={listScreenMessages.spendingFailed} error={spending.error} onRetry={() => spending.refetch()} retrying={spending.isFetching} />
        ) : empty ? (
          <Stack h={160} align="center" justify="center" gap="xs">
            <IconChartBar size={36} stroke={1.4} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">{billingHistoryMessages.chartEmpty(SPENDING_MONTHS)}</Text>
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
            aria-label={billingHistoryMessages.chartLabel}
            role="img"
          />
        )}
      </Stack>
    </Card>
  );
}
