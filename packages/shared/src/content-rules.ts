/**
 * The delivery and review rules that are plain values: the size and type of a delivered document,
 * the revision note's length, the fulfilment queue's and activity log's filters, sorts and page
 * sizes, and when a delivery is short. Kept out of the Zod contracts that use them
 * (schemas/content.ts), so that the review screen does not load Zod for them.
 */

/** Revisions each item allows. */
export const REVISIONS_PER_ITEM = 3;
export const DOCX_MAX_BYTES = 20 * 1024 * 1024;
export const REVISION_DETAIL_MAX = 2000;
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const FULFILMENT_STATUS_FILTERS = ['open', 'overdue', 'all', 'Unassigned', 'In Progress', 'Pending Review', 'Revision Requested', 'Approved'] as const;
export type FulfilmentStatusFilter = (typeof FULFILMENT_STATUS_FILTERS)[number];
export const FULFILMENT_SORT_COLUMNS = ['due_at', 'id', 'status', 'created_at'] as const;

export const ACTIVITY_SORT_COLUMNS = ['created_at', 'description', 'username'] as const;
export const ACTIVITY_PAGE_SIZES = [5, 10, 20, 50, 100] as const;

/**
 * A delivery is short when its words fall below this share of the words ordered (a 300-word order
 * delivered at 87 words; docs/decisions/0040-review-screen.md).
 */
export const SHORT_DELIVERY_SHARE = 0.9;
export const isShortDelivery = (delivered: number, ordered: number) => ordered > 0 && delivered < ordered * SHORT_DELIVERY_SHARE;
