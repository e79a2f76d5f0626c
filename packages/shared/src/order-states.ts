/**
 * The order and item states, the order list's filters, sorts and page sizes, and the customer's
 * name for a state: plain values, kept out of the Zod schemas that check them
 * (schemas/orders.ts), so that a screen which only shows states or lists orders does not load Zod.
 */
export const ORDER_STATUS_FILTERS = ['unpaid', 'inprogress', 'pending_review'] as const;
export const ORDER_SORT_COLUMNS = ['id', 'user_id', 'created_at', 'total'] as const;
export const ORDER_PAGE_SIZES = [10, 20, 30, 50, 100] as const;

export const ITEM_STATUSES = ['Unpaid', 'Unassigned', 'In Progress', 'Pending Review', 'Revision Requested', 'Approved'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const ORDER_STATUSES = ['UNPAID', 'IN-PROGRESS', 'COMPLETED'] as const;

/** What customers read for an item status ("Unassigned" sounds like nobody cares). */
export function customerStatusLabel(status: ItemStatus): string {
  return status === 'Unassigned' ? 'Queued for a writer' : status;
}
