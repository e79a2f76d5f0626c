import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { IconHistory, IconPlus, IconTicket } from '@tabler/icons-react';
import { couponScreenMessages, listScreenMessages, messages, PAGE_SIZES, type Coupon } from '@copydesk/shared';
import { listState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ResetFiltersButton } from '@/components/ui/reset-filters';
import { useDeleteCoupon } from '@/features/coupons/api/delete-coupon';
import { useAgencies } from '@/lib/agencies';
import { useCoupons, type CouponSortColumn } from '@/features/coupons/api/get-coupons';
import { CouponsTable } from '@/features/coupons/components/coupons-table';
import { DeleteCouponModal } from '@/features/coupons/components/delete-coupon-modal';
import { emptyListFilters, ListFilters, type ListFilterValues } from '@/features/coupons/components/list-filters';
import { notify } from '@/lib/notify';
import { usePagedList } from '@/lib/use-paged-list';

/** /coupon (admin): every coupon, filtered by creation date and keyword, sorted, paged; add, edit, delete. */
export function CouponListRoute() {
  const list = usePagedList<ListFilterValues, CouponSortColumn>({ sort: { column: 'id', order: 'desc' }, filters: emptyListFilters, typed: ['keyword'] });
  const coupons = useCoupons(list.params);
  const agencies = useAgencies();
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
      // The failure itself is the central toast.
      onError: () => setToDelete(null),
    });
  };

  const filtered = !!(list.filters.from || list.filters.to || list.filters.keyword.trim());
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

      <ListFilters values={list.filters} onChange={list.setFilters} onReset={list.reset} searchPlaceholder="Code or type" dateLabel="Created" />

      <Card withBorder radius="lg" padding={0}>
        <CouponsTable
          rows={coupons.data?.data}
          {...listState(coupons)}
          errorTitle={couponScreenMessages.listFailed}
          empty={
            <EmptyState
              icon={IconTicket}
              title={messages.noData}
              message={filtered ? listScreenMessages.couponsFiltered : listScreenMessages.couponsNone}
              action={
                filtered ? (
                  <ResetFiltersButton onReset={list.reset} />
                ) : (
                  <Button component={Link} to="/add-coupon" size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
                    Add Coupon
                  </Button>
                )
              }
            />
          }
          pager={{ meta: coupons.data?.meta, page: list.page, onPage: list.setPage, limit: list.limit, limits: PAGE_SIZES, onLimit: list.setLimit }}
          sort={list.sort}
          onSortChange={list.onSortChange}
          agencies={agencies.data?.data}
          onDelete={setToDelete}
        />
      </Card>

      <DeleteCouponModal code={toDelete?.coupon_code ?? null} busy={remove.isPending} onCancel={() => setToDelete(null)} onConfirm={confirmDelete} />
    </Stack>
  );
}
