import { z } from 'zod';
import { REVISION_REASONS } from '../constants.js';
import { contentMessages, messages } from '../messages.js';
import { optionalQueryInt, optionalQueryText, pageMetaSchema } from './common.js';
import { ACTIVITY_PAGE_SIZES, ACTIVITY_SORT_COLUMNS, FULFILMENT_SORT_COLUMNS, FULFILMENT_STATUS_FILTERS, REVISION_DETAIL_MAX } from '../content-rules.js';
import { ITEM_STATUSES, ORDER_STATUSES } from '../order-states.js';
import { contentItemSchema } from './orders.js';

/**
 * Delivery and review contracts (docs/decisions/0004-item-state-machine.md): the fulfilment queue, delivered
 * document versions, the content view, approval, revisions and the activity log.
 */

const unset = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
const page = z.preprocess(unset, z.coerce.number().int().min(1).max(1_000_000).default(1));
const sortOrder = (fallback: 'asc' | 'desc') =>
  z.preprocess((v) => (typeof v === 'string' ? unset(v.toLowerCase()) : v), z.enum(['asc', 'desc']).default(fallback));

/* ── Fulfilment (admins) ───────────────────────────────────────────────────────────────────── */

/**
 * `open` (the default) = every paid item not yet Approved; `overdue` = the open ones past their due
 * date; `all` = every paid item.
 */

export const fulfilmentQuerySchema = z.object({
  page,
  limit: z.preprocess(unset, z.coerce.number().int().min(1).max(100).default(20)),
  sort_column: z.preprocess(unset, z.enum(FULFILMENT_SORT_COLUMNS).default('due_at')),
  sort_order: sortOrder('asc'),
  status: z.preprocess(unset, z.enum(FULFILMENT_STATUS_FILTERS).default('open')),
  agency: optionalQueryInt,
  search: optionalQueryText(100),
});
export type FulfilmentQuery = z.input<typeof fulfilmentQuerySchema>;

const personSchema = z.object({ id: z.number(), name: z.string() });

export const fulfilmentRowSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  article_title: z.string().nullable(),
  order_type: z.string(),
  word_count: z.string(),
  status: z.enum(ITEM_STATUSES),
  agency: personSchema,
  linkagent: personSchema.nullable(),
  paid_at: z.string(),
  due_at: z.string(),
  overdue: z.boolean(),
  revisions_left: z.number(),
});
export type FulfilmentRow = z.infer<typeof fulfilmentRowSchema>;
export const fulfilmentListResponseSchema = z.object({ data: z.array(fulfilmentRowSchema), meta: pageMetaSchema });

export const assignContentSchema = z.object({
  linkagent_id: z.preprocess(unset, z.coerce.number().int().positive().max(2_147_483_647).nullish()),
});

/** Admins who can take an item (the assign control's choices). */
export const fulfilmentAgentsResponseSchema = z.object({ data: z.array(personSchema) });

/* ── Documents, revisions, the content view ───────────────────────────────────────────────── */

export const documentSchema = z.object({
  id: z.number(),
  version: z.number(),
  word_count: z.number(),
  created_at: z.string(),
});
export type ContentDocument = z.infer<typeof documentSchema>;

export const uploadDocumentResponseSchema = z.object({ message: z.string(), document: documentSchema });

/** POST /content/{id}/documents/words: the word count of a chosen .docx, before it is delivered. */
export const documentWordsResponseSchema = z.object({ word_count: z.number(), requested_word_count: z.number(), short: z.boolean() });
export type DocumentWords = z.infer<typeof documentWordsResponseSchema>;

/** POST /content/approved/{id}: the next item of the same order still waiting for the caller's review, if any. */
export const approveContentResponseSchema = z.object({ message: z.string(), next_review_id: z.number().nullable() });

export const revisionEntrySchema = z.object({ reason: z.string(), description: z.string(), created_at: z.string() });
export type RevisionEntry = z.infer<typeof revisionEntrySchema>;

/** GET /content/{id}: the item with its delivery history. */
export const contentDetailSchema = contentItemSchema.extend({
  documents: z.array(documentSchema),
  revision: z.array(revisionEntrySchema),
  revisions_left: z.number(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  order_status: z.enum(ORDER_STATUSES),
  /** When the latest file was delivered, and its file name (null before the first delivery). */
  fileupload_time: z.string().nullable(),
  file_path: z.string().nullable(),
  linkagent: personSchema.nullable(),
  /** While Pending Review: when the server's automatic approval takes the item if the customer does nothing. */
  auto_approve_at: z.string().nullable(),
});
export type ContentDetail = z.infer<typeof contentDetailSchema>;
export const contentDetailResponseSchema = z.object({ data: contentDetailSchema });

export const previewResponseSchema = z.object({ html: z.string() });
export const contentStatusResponseSchema = z.object({ status: z.enum(ITEM_STATUSES) });
export const revisionCountResponseSchema = z.object({ count: z.number() });

/** POST /content/approved/{id}: the spec sends the id again in the body; the path is what counts. */
export const approveContentSchema = z.object({ id: z.unknown().optional() }).nullish();

export const revisionRequestSchema = z.object({
  reason: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: contentMessages.reasonInvalid })
      .trim()
      .min(1, messages.fieldRequired)
      .refine((v) => v === '' || (REVISION_REASONS as readonly string[]).includes(v), contentMessages.reasonInvalid),
  ),
  detailedReason: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: messages.fieldRequired }).trim().min(1, messages.fieldRequired).max(REVISION_DETAIL_MAX, messages.fieldTooLong(REVISION_DETAIL_MAX)),
  ),
  /** The spec's client sends the assigned writer; the server notifies the item's own assignee. */
  linkagent_id: z.unknown().optional(),
});
export type RevisionRequest = z.input<typeof revisionRequestSchema>;

export const downloadQuerySchema = z.object({ document: optionalQueryInt });
/** GET /content/{id}/preview: the latest version, or ?document= an older one of this item. */
export const previewQuerySchema = downloadQuerySchema;

/* ── Activity log ─────────────────────────────────────────────────────────────────────────── */

export const activityLogQuerySchema = z.object({
  page,
  limit: z.preprocess(
    unset,
    z.coerce
      .number()
      .int()
      .refine((n) => (ACTIVITY_PAGE_SIZES as readonly number[]).includes(n), `The page size must be one of ${ACTIVITY_PAGE_SIZES.join(', ')}.`)
      .default(10),
  ),
  sort_column: z.preprocess(unset, z.enum(ACTIVITY_SORT_COLUMNS).default('created_at')),
  sort_order: sortOrder('desc'),
  search: optionalQueryText(100),
});
export type ActivityLogQuery = z.input<typeof activityLogQuerySchema>;

export const activityLogRowSchema = z.object({
  id: z.number(),
  description: z.string(),
  username: z.string(),
  created_at: z.string(),
  filename: z.string().nullable(),
});
export type ActivityLogRow = z.infer<typeof activityLogRowSchema>;
export const activityLogListResponseSchema = z.object({ data: z.array(activityLogRowSchema), meta: pageMetaSchema });

/* ── The caller's items (dashboard: what waits for review) ────────────────────────────────── */

export const CONTENT_LIST_STATUSES = ['Unassigned', 'In Progress', 'Pending Review', 'Revision Requested', 'Approved'] as const;

export const contentListQuerySchema = z.object({
  page,
  limit: z.preprocess(unset, z.coerce.number().int().min(1).max(100).default(10)),
  status: z.preprocess(unset, z.enum(CONTENT_LIST_STATUSES).optional()),
});
export type ContentListQuery = z.input<typeof contentListQuerySchema>;

export const contentListRowSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  article_title: z.string().nullable(),
  order_type: z.string(),
  word_count: z.string(),
  status: z.enum(ITEM_STATUSES),
  due_at: z.string().nullable(),
  updated_at: z.string(),
});
export type ContentListRow = z.infer<typeof contentListRowSchema>;
export const contentListResponseSchema = z.object({ data: z.array(contentListRowSchema), meta: pageMetaSchema });
