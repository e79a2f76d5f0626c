import { Link } from 'react-router';
import { Anchor, Table, Text } from '@mantine/core';
import { dollarsToCents, formatMoney, messages } from '@copydesk/shared';
import { SortHeader, type SortState } from '@/components/ui/sort-header';
import { EmptyRow, SkeletonRows } from '@/components/ui/table-rows';
import type { CouponHistoryRow, CouponHistorySortColumn } from '../api/get-coupon-history';
import { formatDate } from '../lib/format';

const COLUMNS = 6;

type CouponHistoryTableProps = {
  rows: CouponHistoryRow[] | undefined;
  loading: boolean;
  sort: SortState<CouponHistorySortColumn>;
  onSort: (column: CouponHistorySortColumn) => void;
};

/**
 * Coupon uses (access-and-billing §2): ID, Coupon Code, User, Order ID, Used Date, plus the
 * discount the order got. Narrow screens scroll the table sideways inside its card.
 */
export function CouponHistoryTable({ rows, loading, sort, onSort }: CouponHistoryTableProps) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Coupon history">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="id" label="ID" sort={sort} onSort={onSort} />
            <SortHeader column="coupon_code" label="Coupon Code" sort={sort} onSort={onSort} />
            <SortHeader column="user_name" label="User" sort={sort} onSort={onSort} />
            <SortHeader column="order_id" label="Order ID" sort={sort} onSort={onSort} />
            <Table.Th>Discount</Table.Th>
            <SortHeader column="created_at" label="Used Date" sort={sort} onSort={onSort} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows ? (
            <SkeletonRows columns={COLUMNS} />
          ) : !rows?.length ? (
            <EmptyRow columns={COLUMNS}>
              <Text ta="center" c="dimmed" fw={600} py="lg">
                {messages.noData}
              </Text>
            </EmptyRow>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id} aria-label={`Use ${row.id}`}>
                <Table.Td fw={600}>{row.id}</Table.Td>
                <Table.Td fw={600} maw={200} style={{ overflowWrap: 'anywhere' }}>
                  {row.coupon_code}
                </Table.Td>
                <Table.Td>{row.user_name}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/items/${row.order_id}`} size="sm" fw={600}>
                    #{row.order_id}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(dollarsToCents(row.discount) ?? 0)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
