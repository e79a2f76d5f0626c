import { Link } from 'react-router';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { IconArrowLeft, IconHistory } from '@tabler/icons-react';
import { couponScreenMessages, listScreenMessages, messages, PAGE_SIZES } from '@copydesk/shared';
import { listState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ResetFiltersButton } from '@/components/ui/reset-filters';
import { useCouponHistory, type CouponHistorySortColumn } from '@/features/coupons/api/get-coupon-history';
import { CouponHistoryTable } from '@/features/coupons/components/coupon-history-table';
import { emptyListFilters, ListFilters, type ListFilterValues } from '@/features/coupons/components/list-filters';
import { usePagedList } from '@/lib/use-paged-list';

/** /coupon-history (admin): one row per paid order that used a coupon; date filter, search, sort, pages. */
export function CouponHistoryRoute() {
  const list = usePagedList<ListFilterValues, CouponHistorySortColumn>({
    sort: { column: 'id', order: 'desc' },
    filters: emptyListFilters,
    typed: ['keyword'],
  });
  const history = useCouponHistory(list.params);
  const filtered = !!(list.filters.from || list.filters.to || list.filters.keyword.trim());

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            Coupon History
          </Title>
          <Text c="dimmed">Every paid order that used a coupon, and the discount it got.</Text>
        </Stack>
        <Button component={Link} to="/coupon" variant="default" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Back to coupons
        </Button>
      </Group>

      <ListFilters values={list.filters} onChange={list.setFilters} onReset={list.reset} searchPlaceholder="Code, user or order ID" dateLabel="Used" />

      <Card withBorder radius="lg" padding={0}>
        <CouponHistoryTable
          rows={history.data?.data}
          {...listState(history)}
          errorTitle={couponScreenMessages.historyFailed}
          empty={
            <EmptyState
              icon={IconHistory}
              title={messages.noData}
              message={filtered ? listScreenMessages.couponUsesFiltered : listScreenMessages.couponUsesNone}
              action={filtered ? <ResetFiltersButton onReset={list.reset} /> : undefined}
            />
          }
          pager={{ meta: history.data?.meta, page: list.page, onPage: list.setPage, limit: list.limit, limits: PAGE_SIZES, onLimit: list.setLimit }}
          sort={list.sort}
          onSortChange={list.onSortChange}
        />
      </Card>
    </Stack>
  );
}
