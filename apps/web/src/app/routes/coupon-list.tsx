import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconHistory, IconPlus, IconRefresh } from '@tabler/icons-react';
import { couponScreenMessages, messages, PAGE_SIZES, type Coupon } from '@copydesk/shared';
import { TablePager } from '@/components/ui/table-pager';
import { useDeleteCoupon } from '@/features/coupons/api/delete-coupon';
import { useCouponAgencies } from '@/features/coupons/api/get-coupon-agencies';
import { useCoupons, type CouponSortColumn } from '@/features/coupons/api/get-coupons';
import { CouponsTable } from '@/features/coupons/components/coupons-table';
import { DeleteCouponModal } from '@/features/coupons/components/delete-coupon-modal';
import { ListFilters } from '@/features/coupons/components/list-filters';
import { usePagedList } from '@/features/coupons/hooks/use-paged-list';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** /coupon (admin): every coupon, filtered by creation date and keyword, sorted, paged; add, edit, delete. */
export function CouponListRoute() {
  // Below the sm breakpoint the nine columns become one card per coupon.
  const stacked = useMediaQuery('(max-width: 48em)') ?? false;
  const list = usePagedList<CouponSortColumn>({ column: 'id', order: 'desc' });
  const coupons = useCoupons(list.params);
  const agencies = useCouponAgencies();
  const remove = useDeleteCoupon();
  const [toDelete, setToDelete] = useState<Coupon | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    // The last coupon of a later page: show the page before, not an empty one.
    const lastOnPage = (coupons.data?.data.length ?? 0) <= 1 && list.page > 1;
    remove.mutate(toDelete.id, {
      onSuccess: (res) => {
        notify.success(res.message || messages.success);
        if (lastOnPage) list.setPage(list.page - 1);
        setToDelete(null);
      },
      onError: (error) => {
        notify.error(error instanceof ApiError ? error.message : messages.serverError);
        setToDelete(null);
      },
    });
  };

  const failed = coupons.isError && !coupons.data;
  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            Coupons
          </Title>
          <Text c="dimmed">Discount codes agencies can use at checkout.</Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to="/coupon-history" variant="default" leftSection={<IconHistory size={18} aria-hidden />}>
            Used History
          </Button>
          <Button component={Link} to="/add-coupon" leftSection={<IconPlus size={18} aria-hidden />}>
            Add Coupon
          </Button>
        </Group>
      </Group>

      <ListFilters
        values={list.filters}
        onChange={list.setFilters}
        onReset={list.reset}
        searchPlaceholder="Code or type"
        dateLabel="Created"
      />

      <Card withBorder radius="lg" padding={0}>
        {failed ? (
          <Alert m="md" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={couponScreenMessages.listFailed}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{coupons.error.message}</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void coupons.refetch()}
                loading={coupons.isFetching}
              >
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : (
          <CouponsTable
            rows={coupons.data?.data}
            loading={coupons.isPending || (coupons.isFetching && coupons.isPlaceholderData)}
            sort={list.sort}
            onSort={list.onSort}
            agencies={agencies.data?.data}
            onDelete={setToDelete}
            stacked={stacked}
          />
        )}
        <TablePager meta={coupons.data?.meta} page={list.page} onPage={list.setPage} limit={list.limit} limits={PAGE_SIZES} onLimit={list.setLimit} />
      </Card>

      <DeleteCouponModal code={toDelete?.coupon_code ?? null} busy={remove.isPending} onCancel={() => setToDelete(null)} onConfirm={confirmDelete} />
    </Stack>
  );
}
