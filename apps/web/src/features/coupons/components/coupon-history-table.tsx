import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor } from '@mantine/core';
import { formatDollars } from '@copydesk/shared';
import { DataTable, type DataTableColumn, type DataTableProps, type SortState } from '@/components/ui/data-table';
import type { CouponHistoryRow, CouponHistorySortColumn } from '../api/get-coupon-history';
import { formatDate } from '../lib/format';

type CouponHistoryTableProps = Pick<
  DataTableProps<CouponHistoryRow, CouponHistorySortColumn>,
  'loading' | 'error' | 'errorTitle' | 'onRetry' | 'retrying' | 'pager'
> & {
  rows: CouponHistoryRow[] | undefined;
  sort: SortState<CouponHistorySortColumn>;
  onSortChange: (sort: SortState<CouponHistorySortColumn>) => void;
  /** What an empty list says. */
  empty: ReactNode;
};

const COLUMNS: DataTableColumn<CouponHistoryRow, CouponHistorySortColumn>[] = [
  { key: 'id', header: 'ID', sort: 'id', cell: (row) => row.id, tdProps: { fw: 600 } },
  {
    key: 'code',
    header: 'Coupon Code',
    sort: 'coupon_code',
    cell: (row) => row.coupon_code,
    card: 'title',
    tdProps: { fw: 600, maw: 200, style: { overflowWrap: 'anywhere' } },
  },
  { key: 'user', header: 'User', sort: 'user_name', cell: (row) => row.user_name },
  {
    key: 'order',
    header: 'Order ID',
    sort: 'order_id',
    cell: (row) => (
      <Anchor component={Link} to={`/items/${row.order_id}`} size="sm" fw={600}>
        #{row.order_id}
      </Anchor>
    ),
  },
  {
    key: 'discount',
    header: 'Discount',
    cell: (row) => formatDollars(row.discount),
    card: 'aside',
    tdProps: { style: { whiteSpace: 'nowrap' } },
  },
  { key: 'used', header: 'Used Date', sort: 'created_at', cell: (row) => formatDate(row.created_at), tdProps: { style: { whiteSpace: 'nowrap' } } },
];

/**
 * Coupon uses: ID, Coupon Code, User, Order ID, Used Date, plus the
 * discount the order got; one card per use on a phone.
 */
export function CouponHistoryTable({ rows, sort, onSortChange, empty, ...state }: CouponHistoryTableProps) {
  return (
    <DataTable
      label="Coupon history"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => `Use ${row.id}`}
      empty={empty}
      sort={sort}
      onSortChange={onSortChange}
      minWidth={640}
      tableProps={{ horizontalSpacing: 'sm' }}
      {...state}
    />
  );
}
