import { Badge } from '@mantine/core';
import type { ItemStatus, OrderRow } from '@copydesk/shared';

const ORDER_COLORS: Record<OrderRow['status'], string> = { UNPAID: 'red', 'IN-PROGRESS': 'blue', COMPLETED: 'green' };

const ITEM_COLORS: Record<ItemStatus, string> = {
  Unpaid: 'red',
  Unassigned: 'gray',
  'In Progress': 'blue',
  'Pending Review': 'orange',
  'Revision Requested': 'grape',
  Approved: 'green',
};

export function OrderStatusBadge({ status }: { status: OrderRow['status'] }) {
  return (
    <Badge color={ORDER_COLORS[status]} variant="light" radius="sm">
      {status}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: ItemStatus }) {
  return (
    <Badge color={ITEM_COLORS[status] ?? 'gray'} variant="light" radius="sm" tt="none">
      {status}
    </Badge>
  );
}
