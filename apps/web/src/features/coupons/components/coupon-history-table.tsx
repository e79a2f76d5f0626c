import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Badge, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { couponAdminMessages, formatDollars } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
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
  {
    key: 'used',
    header: 'Used Date',
    sort: 'created_at',
    cell: (row) => (
      <>
        {formatDate(row.created_at)}
        {row.refunded_at && <RefundedMark refundedAt={row.refunded_at} />}
      </>
    ),
    tdProps: { style: { whiteSpace: 'nowrap' } },
  },
];

/** A use a full refund gave back: it stays listed, marked, and no longer counts against the limit. */
function RefundedMark({ refundedAt }: { refundedAt: string }) {
  const note = couponAdminMessages.useRefundedOn(formatDate(refundedAt));
  return (
    <Badge variant="light" color="gray" c={badgeText('gray')} radius="sm" size="sm" tt="none" ml={6} style={{ verticalAlign: 'middle' }} title={note}>
      {couponAdminMessages.useRefunded}
      <VisuallyHidden>{`: ${note}`}</VisuallyHidden>
    </Badge>
  );
}

/**
 * Coupon uses: ID, Coupon Code, User, Order ID, Used Date, plus the
 * discount the order got; one card per use on a phone. A use a full refund gave back is marked.
 */
export function CouponHistoryTable({ rows, sort, onSortChange, empty, ...state }: CouponHistoryTableProps) {
  return (
    <DataTable
      label="Coupon history"
      columns={COLUMNS}
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => `Use ${row.id}${row.refunded_at ? `, ${couponAdminMessages.useRefunded.toLowerCase()}` : ''}`}
      empty={empty}
      sort={sort}
      onSortChange={onSortChange}
      minWidth={640}
      tableProps={{ horizontalSpacing: 'sm' }}
      {...state}
    />
  );
}
