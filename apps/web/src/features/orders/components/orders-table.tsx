import type { KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { dollarsToCents, formatMoney, messages, ORDER_SORT_COLUMNS, type OrderRow } from '@copydesk/shared';
import { SortHeader } from '@/components/ui/sort-header';
import { EmptyRow, SkeletonRows } from '@/components/ui/table-rows';
import { OrderStatusBadge } from './order-status-badge';
import classes from './orders-table.module.css';

export type SortColumn = (typeof ORDER_SORT_COLUMNS)[number];
export type Sort = { column: SortColumn; order: 'asc' | 'desc' };

/** Where a row (and its eye action) leads: an unpaid order to its payment for customers, else its items. */
export function orderTarget(order: Pick<OrderRow, 'id' | 'unpaid'>, isAdmin: boolean): string {
  return order.unpaid && !isAdmin ? `/payment/${order.id}` : `/items/${order.id}`;
}

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
export const dollars = (amount: number) => formatMoney(dollarsToCents(amount) ?? 0);

type OrdersTableProps = {
  rows: OrderRow[] | undefined;
  loading: boolean;
  isAdmin: boolean;
  sort: Sort;
  onSort: (column: SortColumn) => void;
  onOpen: (order: OrderRow) => void;
  onInvoice: (order: OrderRow) => void;
  onDelete: (order: OrderRow) => void;
  invoiceBusy: number | null;
};

/** The orders table: sortable headers, a clickable row and the actions of DESIGN.md §6.15. */
export function OrdersTable({ rows, loading, isAdmin, sort, onSort, onOpen, onInvoice, onDelete, invoiceBusy }: OrdersTableProps) {
  const openOnKey = (event: KeyboardEvent, order: OrderRow) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(order);
    }
  };
  // Clicks on the action buttons must not also open the row.
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="id" label="Order ID" sort={sort} onSort={onSort} />
            <SortHeader column="created_at" label="Date" sort={sort} onSort={onSort} />
            <Table.Th>Items</Table.Th>
            <SortHeader column="user_id" label="Ordered By" sort={sort} onSort={onSort} />
            <SortHeader column="total" label="Total" sort={sort} onSort={onSort} />
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows ? (
            <SkeletonRows columns={7} />
          ) : !rows?.length ? (
            <EmptyRow columns={7}>
              <Text ta="center" c="dimmed" fw={600} py="xl">
                {messages.noData}
              </Text>
            </EmptyRow>
          ) : (
            rows.map((order) => (
              <Table.Tr
                key={order.id}
                className={classes.row}
                tabIndex={0}
                aria-label={`Order ${order.id}`}
                onClick={() => onOpen(order)}
                onKeyDown={(e) => openOnKey(e, order)}
              >
                <Table.Td fw={600}>#{order.id}</Table.Td>
                <Table.Td>{formatDate(order.created_at)}</Table.Td>
                <Table.Td>{order.no_of_content}</Table.Td>
                <Table.Td>{order.order_by}</Table.Td>
                <Table.Td fw={600}>{dollars(order.total)}</Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={order.status} />
                </Table.Td>
                <Table.Td onClick={stop}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {order.unpaid && !isAdmin && (
                      <Tooltip label="Edit order">
                        <ActionIcon component={Link} to={`/create/${order.id}`} variant="subtle" aria-label={`Edit order ${order.id}`}>
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label={order.unpaid && !isAdmin ? 'Pay order' : 'View items'}>
                      <ActionIcon component={Link} to={orderTarget(order, isAdmin)} variant="subtle" aria-label={`View order ${order.id}`}>
                        <IconEye size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    {!order.unpaid && order.payment_id !== null && (
                      <Tooltip label="Download invoice">
                        <ActionIcon
                          variant="subtle"
                          color="teal"
                          loading={invoiceBusy === order.id}
                          onClick={() => onInvoice(order)}
                          aria-label={`Download invoice of order ${order.id}`}
                        >
                          <IconDownload size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {isAdmin && (
                      <Tooltip label="Delete order">
                        <ActionIcon variant="subtle" color="red" onClick={() => onDelete(order)} aria-label={`Delete order ${order.id}`}>
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
