import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { listScreenMessages, messages, ORDER_PAGE_SIZES, ORDER_STATUS_FILTERS, orderMessages, roleCan, type OrderRow } from '@copydesk/shared';
import { listState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ResetFiltersButton } from '@/components/ui/reset-filters';
import { getInvoiceLink } from '@/features/billing/api/download-invoice';
import { useDeleteOrder } from '@/features/orders/api/delete-order';
import { useDeleteOrders } from '@/features/orders/api/delete-orders';
import { useOrders } from '@/features/orders/api/get-orders';
import { LazyConfirmDeleteModal } from '@/features/orders/components/lazy-confirm-delete-modal';
import { OrderCounters } from '@/features/orders/components/order-counters';
import { emptyOrderFilters, OrderFilters, type OrderFilterValues, type StatusFilter } from '@/features/orders/components/order-filters';
import { orderTarget, OrdersTable, type Sort } from '@/features/orders/components/orders-table';
import { useUserOptions } from '@/features/users/api/get-user-options';
import { useSession } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { usePagedList } from '@/lib/use-paged-list';

const DEFAULT_LIMIT = 30;
const DEFAULT_SORT: Sort = { column: 'id', order: 'desc' };

const statusFrom = (value: string | null): StatusFilter | null =>
  (ORDER_STATUS_FILTERS as readonly string[]).includes(value ?? '') ? (value as StatusFilter) : null;

/** /order: filters, counters and the paged, sortable orders table; unpaid orders deleted one by one or several together. */
export function OrderListRoute() {
  const navigate = useNavigate();
  const { role } = useSession();
  // The admin's table: delete actions, rows open the items rather than the payment page.
  const isAdmin = roleCan(role, 'orders.manage');
  // Customers delete their unpaid orders (docs/decisions/0034-customers-delete-unpaid-orders.md); so
  // does an admin, who also ticks unpaid rows to delete them together.
  const deletesUnpaid = isAdmin || roleCan(role, 'orders.deleteUnpaid');
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFrom(searchParams.get('status'));

  // The user filter offers everyone whose orders the caller sees (admins: all users, an agency:
  // itself and its associates); associates only see their own orders and get no user filter.
  const showUser = roleCan(role, 'orders.filterByUser');
  // Typed filters wait for a pause in typing before they ask the server. Another sort keeps the
  // page; the status (kept in the address) goes back to the first like any other filter. Pages
  // are read after the cursor of the page before them.
  const list = usePagedList<OrderFilterValues, Sort['column']>({
    sort: DEFAULT_SORT,
    limit: DEFAULT_LIMIT,
    filters: emptyOrderFilters,
    typed: ['orderId', 'keyword'],
    sortKeepsPage: true,
    listing: status,
    cursors: true,
  });
  const { filters, page, limit, sort, remember } = list;
  const [toDelete, setToDelete] = useState<OrderRow | null>(null);
  const [invoiceBusy, setInvoiceBusy] = useState<number | null>(null);
  // The unpaid rows ticked for deleting together, and whether their confirmation is open.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [confirmSelected, setConfirmSelected] = useState(false);

  const orders = useOrders({ ...list.params, user: showUser ? list.params.user : undefined, status: status ?? undefined });
  const remove = useDeleteOrder();
  const removeSelected = useDeleteOrders();
  const shown = orders.isPlaceholderData ? undefined : orders.data?.meta;
  useEffect(() => {
    if (shown) remember(shown.current_page, shown.next_cursor);
  }, [shown, remember]);

  // Only ticks on unpaid rows of the page shown count: another page, a filter or a deletion leaves them behind.
  const unpaidShown = useMemo(() => (orders.data?.data ?? []).filter((o) => o.unpaid).map((o) => o.id), [orders.data]);
  const selected = useMemo(() => new Set(unpaidShown.filter((id) => ticked.has(id))), [unpaidShown, ticked]);
  const toggle = (order: OrderRow, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(order.id);
      else next.delete(order.id);
      return next;
    });
  const allTicked = unpaidShown.length > 0 && selected.size === unpaidShown.length;

  const users = useUserOptions(showUser);
  const userOptions = useMemo(
    () => (users.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` })).sort((a, b) => a.label.localeCompare(b.label)),
    [users.data],
  );

  // Anything typed or chosen in the filters (or a status from the counters) narrows the list.
  const filtered = !!(filters.orderId || filters.keyword.trim() || filters.date || filters.user || status);

  // Kept from render to render, like the list's own setters, so the filters (memoised) are not
  // drawn again when only an answer changed (docs/decisions/0048-short-tasks-after-first-paint.md).
  const setStatus = useCallback(
    (next: StatusFilter | null) =>
      setSearchParams(
        (params) => {
          if (next) params.set('status', next);
          else params.delete('status');
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const resetList = list.reset;
  const reset = useCallback(() => {
    resetList();
    setSearchParams({}, { replace: true });
  }, [resetList, setSearchParams]);

  const invoice = async (order: OrderRow) => {
    if (order.payment_id === null) return notify.info(messages.paymentInfoNotFound);
    setInvoiceBusy(order.id);
    try {
      const { link } = await getInvoiceLink(order.payment_id);
      window.open(link, '_blank', 'noopener');
    } catch (error) {
      reportServerError(error);
    } finally {
      setInvoiceBusy(null);
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: (res) => {
        notify.success(res.message || messages.success);
        setToDelete(null);
      },
      // The failure itself is the central toast.
      onError: () => setToDelete(null),
    });
  };

  const deleteSelected = () => {
    removeSelected.mutate([...selected], {
      onSuccess: (res) => {
        notify.success(res.message);
        setTicked(new Set());
      },
      // The failure itself is the central toast; nothing was deleted.
      onSettled: () => setConfirmSelected(false),
    });
  };

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="center">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Orders
        </Title>
        {roleCan(role, 'orders.create') && (
          <Button component={Link} to="/create" leftSection={<IconPlus size={18} aria-hidden />}>
            Place an Order
          </Button>
        )}
      </Group>

      <OrderCounters />

      <OrderFilters values={filters} onChange={list.setFilters} status={status} onStatus={setStatus} showUser={showUser} users={userOptions} onReset={reset} />

      {deletesUnpaid && unpaidShown.length > 0 && (
        <Group justify="space-between" gap="sm" role="group" aria-label="Unpaid orders on this page">
          <Checkbox
            label="Select all unpaid orders on this page"
            checked={allTicked}
            indeterminate={selected.size > 0 && !allTicked}
            onChange={(event) => setTicked(event.currentTarget.checked ? new Set(unpaidShown) : new Set())}
          />
          <Group gap="sm">
            <Text size="sm" aria-live="polite">
              {selected.size} selected
            </Text>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={selected.size === 0}
              onClick={() => setConfirmSelected(true)}
            >
              Delete selected
            </Button>
          </Group>
        </Group>
      )}

      <Card withBorder radius="lg" padding={0}>
        <OrdersTable
          rows={orders.data?.data}
          {...listState(orders)}
          errorTitle={listScreenMessages.ordersFailed}
          empty={
            <EmptyState
              title={messages.noData}
              message={
                filtered
                  ? listScreenMessages.ordersFiltered
                  : roleCan(role, 'orders.create')
                    ? listScreenMessages.ordersNoneCustomer
                    : listScreenMessages.ordersNoneAdmin
              }
              action={
                filtered ? (
                  <ResetFiltersButton onReset={reset} />
                ) : roleCan(role, 'orders.create') ? (
                  <Button component={Link} to="/create" size="xs" leftSection={<IconPlus size={14} aria-hidden />}>
                    Place an Order
                  </Button>
                ) : undefined
              }
            />
          }
          pager={{ meta: orders.data?.meta, page, onPage: list.setPage, limit, limits: ORDER_PAGE_SIZES, onLimit: list.setLimit }}
          isAdmin={isAdmin}
          sort={sort}
          onSortChange={list.onSortChange}
          onOpen={(order) => navigate(orderTarget(order, isAdmin))}
          onInvoice={(order) => void invoice(order)}
          onDelete={setToDelete}
          invoiceBusy={invoiceBusy}
          deletesUnpaid={deletesUnpaid}
          selected={selected}
          onToggle={toggle}
        />
      </Card>

      <LazyConfirmDeleteModal
        opened={toDelete !== null}
        subject={`order ${toDelete?.id ?? ''}`}
        busy={remove.isPending}
        refund={toDelete && !toDelete.unpaid ? 'order' : undefined}
        unpaid={toDelete?.unpaid}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
      <LazyConfirmDeleteModal
        opened={confirmSelected}
        subject={`${selected.size} ${selected.size === 1 ? 'order' : 'orders'}`}
        question={orderMessages.confirmDeleteSelected(selected.size)}
        busy={removeSelected.isPending}
        unpaid
        onCancel={() => setConfirmSelected(false)}
        onConfirm={deleteSelected}
      />
    </Stack>
  );
}
