import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Checkbox, Group } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import { IconDownload, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDollars, ORDER_SORT_COLUMNS, type OrderRow } from '@copydesk/shared';
import { DataTable, type DataTableColumn, type SortState } from '@/components/ui/data-table';
import type { TablePagerProps } from '@/components/ui/table-pager';
import { OrderStatusBadge } from './order-status-badge';
import { Tooltip } from '@/components/ui/tooltip';

export type SortColumn = (typeof ORDER_SORT_COLUMNS)[number];
export type Sort = SortState<SortColumn>;

/** Where a row (and its eye action) leads: an unpaid order to its payment for customers, else its items. */
export function orderTarget(order: Pick<OrderRow, 'id' | 'unpaid'>, isAdmin: boolean): string {
  return order.unpaid && !isAdmin ? `/payment/${order.id}` : `/items/${order.id}`;
}

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

type OrdersTableProps = {
  rows: OrderRow[] | undefined;
  loading: boolean;
  error: unknown;
  errorTitle: string;
  onRetry: () => void;
  retrying: boolean;
  /** What an empty list says (the original portal's 'No data found.' and what to do next). */
  empty: ReactNode;
  pager: TablePagerProps;
  isAdmin: boolean;
  sort: Sort;
  onSortChange: (sort: Sort) => void;
  onOpen: (order: OrderRow) => void;
  onInvoice: (order: OrderRow) => void;
  onDelete: (order: OrderRow) => void;
  invoiceBusy: number | null;
  /**
   * The caller deletes unpaid orders (`orders.deleteUnpaid`, or an admin): unpaid rows get Delete
   * and a checkbox, so several are deleted together.
   */
  deletesUnpaid: boolean;
  /** The unpaid orders ticked for deleting together. */
  selected: ReadonlySet<number>;
  onToggle: (order: OrderRow, selected: boolean) => void;
};

type ActionProps = Pick<OrdersTableProps, 'isAdmin' | 'onInvoice' | 'onDelete' | 'invoiceBusy' | 'deletesUnpaid'> & { order: OrderRow };

/**
 * Who is offered Delete on a row: an admin on any order but a completed one (it holds approved
 * work, which the server refuses to delete: 409); a customer on its unpaid ones, which the server
 * lets it delete (docs/decisions/0034-customers-delete-unpaid-orders.md). Paid orders stay the admin's.
 */
export const offersDelete = (order: Pick<OrderRow, 'unpaid' | 'status'>, isAdmin: boolean, deletesUnpaid: boolean) =>
  isAdmin ? order.status !== 'COMPLETED' : deletesUnpaid && order.unpaid;

function OrderActions({ order, isAdmin, onInvoice, onDelete, invoiceBusy, deletesUnpaid }: ActionProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {order.unpaid && !isAdmin && (
        <Tooltip label="Edit order">
          <ActionIcon component={Link} to={`/create/${order.id}`} variant="subtle" size="lg" aria-label={`Edit order ${order.id}`}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={order.unpaid && !isAdmin ? 'Pay order' : 'View items'}>
        <ActionIcon component={Link} to={orderTarget(order, isAdmin)} variant="subtle" size="lg" aria-label={`View order ${order.id}`}>
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {!order.unpaid && order.payment_id !== null && (
        <Tooltip label="Download invoice">
          <ActionIcon
            variant="subtle"
            color="teal"
            size="lg"
            loading={invoiceBusy === order.id}
            onClick={() => onInvoice(order)}
            aria-label={`Download invoice of order ${order.id}`}
          >
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {offersDelete(order, isAdmin, deletesUnpaid) && (
        <Tooltip label="Delete order">
          <ActionIcon variant="subtle" color="red" size="lg" onClick={() => onDelete(order)} aria-label={`Delete order ${order.id}`}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The orders table: sortable headers, a clickable row and its actions (edit, pay or view, invoice, delete), unpaid rows to tick for deleting together; cards on a phone. */
export function OrdersTable(props: OrdersTableProps) {
  const { rows, isAdmin, sort, onSortChange, onOpen, deletesUnpaid, selected, onToggle } = props;
  const columns: DataTableColumn<OrderRow, SortColumn>[] = [
    { key: 'id', header: 'Order ID', sort: 'id', cell: (o) => `#${o.id}`, card: 'title', tdProps: { fw: 600 } },
    { key: 'date', header: 'Date', sort: 'created_at', cell: (o) => formatDate(o.created_at), tdProps: { style: { whiteSpace: 'nowrap' } } },
    { key: 'items', header: 'Items', cell: (o) => o.no_of_content },
    { key: 'by', header: 'Ordered By', sort: 'user_id', cell: (o) => o.order_by },
    { key: 'total', header: 'Total', sort: 'total', cell: (o) => formatDollars(o.total), tdProps: { fw: 600, style: { whiteSpace: 'nowrap' } } },
    { key: 'status', header: 'Status', cell: (o) => <OrderStatusBadge status={o.status} />, card: 'aside' },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (o) => (
        <OrderActions
          order={o}
          isAdmin={isAdmin}
          onInvoice={props.onInvoice}
          onDelete={props.onDelete}
          invoiceBusy={props.invoiceBusy}
          deletesUnpaid={deletesUnpaid}
        />
      ),
    },
  ];
  if (deletesUnpaid) {
    columns.unshift({
      key: 'select',
      header: 'Select',
      card: 'aside',
      cell: (o) =>
        o.unpaid ? (
          // A tick selects the row; it must not also open the order.
          <Checkbox
            aria-label={`Select order ${o.id}`}
            checked={selected.has(o.id)}
            onChange={(event) => onToggle(o, event.currentTarget.checked)}
            onClick={(event) => event.stopPropagation()}
          />
        ) : null,
      tdProps: { w: 48 },
    });
  }
  return (
    <DataTable
      label="Orders"
      columns={columns}
      rows={rows}
      rowKey={(o) => o.id}
      rowLabel={(o) => `Order ${o.id}`}
      onRowClick={onOpen}
      loading={props.loading}
      error={props.error}
      errorTitle={props.errorTitle}
      onRetry={props.onRetry}
      retrying={props.retrying}
      empty={props.empty}
      sort={sort}
      onSortChange={onSortChange}
      pager={props.pager}
      minWidth={760}
    />
  );
}
