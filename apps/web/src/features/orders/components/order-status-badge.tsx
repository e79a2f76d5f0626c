import { Badge } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { customerStatusLabel, type ItemStatus, type OrderRow } from '@copydesk/shared';
import { badgeText, sentenceCase } from '@/components/ui/badge-text';

const ORDER_COLORS: Record<OrderRow['status'], string> = { UNPAID: 'red', 'IN-PROGRESS': 'blue', COMPLETED: 'green' };

const ITEM_COLORS: Record<ItemStatus, string> = {
  Unpaid: 'red',
  Unassigned: 'gray',
  'In Progress': 'blue',
  'Pending Review': 'orange',
  'Revision Requested': 'grape',
  Approved: 'green',
};

/** An order's status in sentence case ("In progress"); the API's value stays IN-PROGRESS. */
export function OrderStatusBadge({ status }: { status: OrderRow['status'] }) {
  return (
    <Badge color={ORDER_COLORS[status]} c={badgeText(ORDER_COLORS[status])} variant="light" radius="sm" tt="none">
      {sentenceCase(status)}
    </Badge>
  );
}

/** An item's status; `customer` reads "Unassigned" as "Queued for a writer" (docs/decisions/0004-item-state-machine.md). */
export function ItemStatusBadge({ status, customer = false }: { status: ItemStatus; customer?: boolean }) {
  return (
    <Badge color={ITEM_COLORS[status] ?? 'gray'} c={badgeText(ITEM_COLORS[status] ?? 'gray')} variant="light" radius="sm" tt="none">
      {customer ? customerStatusLabel(status) : status}
    </Badge>
  );
}
