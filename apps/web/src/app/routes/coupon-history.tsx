import { Link } from 'react-router';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { couponScreenMessages, PAGE_SIZES } from '@copydesk/shared';
import { TablePager } from '@/components/ui/table-pager';
import { useCouponHistory, type CouponHistorySortColumn } from '@/features/coupons/api/get-coupon-history';
import { CouponHistoryTable } from '@/features/coupons/components/coupon-history-table';
import { ListFilters } from '@/features/coupons/components/list-filters';
import { usePagedList } from '@/features/coupons/hooks/use-paged-list';

/** /coupon-history (admin): one row per paid order that used a coupon; date filter, search, sort, pages. */
export function CouponHistoryRoute() {
  const list = usePagedList<CouponHistorySortColumn>({ column: 'id', order: 'desc' });
  const history = useCouponHistory(list.params);
  const failed = history.isError && !history.data;

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

      <ListFilters
        values={list.filters}
        onChange={list.setFilters}
        onReset={list.reset}
        searchPlaceholder="Code, user or order ID"
        dateLabel="Used"
      />

      <Card withBorder radius="lg" padding={0}>
        {failed ? (
          <Alert m="md" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={couponScreenMessages.historyFailed}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{history.error.message}</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void history.refetch()}
                loading={history.isFetching}
              >
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : (
          <CouponHistoryTable
            rows={history.data?.data}
            loading={history.isPending || (history.isFetching && history.isPlaceholderData)}
            sort={list.sort}
            onSort={list.onSort}
          />
        )}
        <TablePager meta={history.data?.meta} page={list.page} onPage={list.setPage} limit={list.limit} limits={PAGE_SIZES} onLimit={list.setLimit} />
      </Card>
    </Stack>
  );
}
