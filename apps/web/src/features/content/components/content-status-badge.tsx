import { Badge, type BadgeProps } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import { customerStatusLabel, type ItemStatus } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';

const COLORS: Record<ItemStatus, string> = {
  Unpaid: 'red',
  Unassigned: 'gray',
  'In Progress': 'blue',
  'Pending Review': 'orange',
  'Revision Requested': 'grape',
  Approved: 'green',
};

/** An item's status; customers read "Unassigned" as "Queued for a writer" (docs/decisions/0004-item-state-machine.md). */
export function ContentStatusBadge({ status, customer, ...props }: { status: ItemStatus; customer: boolean } & BadgeProps) {
  return (
    // max-content: in a table the column keeps room for the whole status instead of cutting it short.
    <Badge color={COLORS[status] ?? 'gray'} c={badgeText(COLORS[status] ?? 'gray')} variant="light" radius="sm" tt="none" miw="max-content" {...props}>
      {customer ? customerStatusLabel(status) : status}
    </Badge>
  );
}
