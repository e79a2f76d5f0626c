import { z } from 'zod';
import { EMAIL_PURPOSES, MAX_KEYWORDS, PRODUCT_MARKETPLACES, PUBLISH_MEDIUM_REQUIRED_FOR, PUBLISH_PLACES, PURPOSES, TEXT_MAX } from '../constants.js';
import { messages } from '../messages.js';
import { isValidLink, splitKeywords } from '../brief-text.js';
import { ITEM_STATUSES, ORDER_SORT_COLUMNS, ORDER_STATUS_FILTERS, ORDER_STATUSES } from '../order-states.js';
import { cursorFitsSort, keysetPageMetaSchema, keysetPagedQuerySchema, optionalQueryDate, optionalQueryInt, optionalQueryText } from './common.js';

/**
 * Order contracts: items, orders and their validation. The same rules run in the order form and
 * on the server: `orderItemIssues` returns the form's messages with the path of each field.
 */

const LONG_TEXT_MAX = 5000;
const loose = (max = LONG_TEXT_MAX) => z.string().max(max, messages.fieldTooLong(max)).nullish();

export const orderItemInputSchema = z.object({
  orderType: z.string().max(100).default(''),
  wordCount: z.object({ word: z.string().max(100), price: z.number().nullish() }).nullish(),
  addOns: z.object({ addOn: z.string().max(100), price: z.number().nullish() }).nullish(),
  category: loose(),
  articleTitle: loose(),
  description: loose(),
  keyword: loose(),
  project_name: loose(),
  about_company: loose(),
  target_audience: loose(),
  writing_tone: loose(),
  purpose: loose(),
  publish_medium: loose(),
  which_page: loose(),
  website_link: loose(),
  product_page_link: loose(),
  preferred_intent: loose(),
  preferred_perspective: loose(),
  subject_line: loose(),
  copy_type: loose(),
  specification: loose(),
  cta_suggestions: loose(),
  use_same_title: z.union([z.boolean(), z.literal(0), z.literal(1)]).nullish(),
  /** The item being edited when an unpaid order is re-saved. */
  contentId: z.number().int().positive().max(2_147_483_647).nullish(),
});
export type OrderItemInput = z.input<typeof orderItemInputSchema>;
type OrderItem = z.output<typeof orderItemInputSchema>;

/** Fields every item needs, and the one some types add. */
export const REQUIRED_ITEM_FIELDS = ['category', 'articleTitle', 'project_name', 'about_company', 'target_audience', 'purpose', 'writing_tone'] as const;

/** The 250-character fields and the label the message names them by. */
export const LIMITED_ITEM_FIELDS = {
  articleTitle: 'Title',
  project_name: 'Project Name',
  about_company: 'About Company',
  target_audience: 'Target Audience',
  preferred_perspective: 'Preferred Perspective',
  writing_tone: 'Writing Tone',
  publish_medium: 'Publish Medium',
  purpose: 'Purpose',
  which_page: 'Page',
  specification: 'Specification',
  website_link: 'Website Link',
  product_page_link: 'Product Page Link',
} as const satisfies Partial<Record<keyof OrderItem, string>>;

export function needsPublishMedium(orderType: string): boolean {
  return (PUBLISH_MEDIUM_REQUIRED_FOR as readonly string[]).includes(orderType);
}

export interface ItemIssue {
  /** Field of the item, e.g. `articleTitle`. */
  field: string;
  message: string;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** Every validation rule of one item (n = 1-based item number in messages). */
export function orderItemIssues(item: OrderItemInput, n: number): ItemIssue[] {
  const issues: ItemIssue[] = [];
  const record = item as Record<string, unknown>;
  if (blank(item.orderType)) issues.push({ field: 'orderType', message: messages.highlightedRequired });
  if (!item.wordCount || blank(item.wordCount.word)) issues.push({ field: 'wordCount', message: messages.highlightedRequired });
  const required: string[] = [...REQUIRED_ITEM_FIELDS];
  if (needsPublishMedium(item.orderType ?? '')) required.push('publish_medium');
  for (const field of required) if (blank(record[field])) issues.push({ field, message: messages.highlightedRequired });
  for (const [field, label] of Object.entries(LIMITED_ITEM_FIELDS)) {
    const value = record[field];
    if (typeof value === 'string' && value.length > TEXT_MAX) issues.push({ field, message: messages.fieldMax250(label, n) });
  }
  if (splitKeywords(item.keyword).length > MAX_KEYWORDS) issues.push({ field: 'keyword', message: messages.maxKeywords });
  if (typeof item.keyword === 'string' && item.keyword.length > TEXT_MAX) issues.push({ field: 'keyword', message: messages.fieldTooLong(TEXT_MAX) });
  if (!blank(item.website_link) && !isValidLink(item.website_link!)) issues.push({ field: 'website_link', message: messages.websiteLinkInvalid });
  if (!blank(item.product_page_link) && !isValidLink(item.product_page_link!))
    issues.push({ field: 'product_page_link', message: messages.productLinkInvalid });
  return issues;
}

export const MAX_ITEMS_PER_ORDER = 200;

export const createOrderSchema = z.object({
  articlesData: z
    .array(orderItemInputSchema)
    .min(1, messages.highlightedRequired)
    .max(MAX_ITEMS_PER_ORDER, `An order may hold at most ${MAX_ITEMS_PER_ORDER} items.`)
    .superRefine((items, ctx) => {
      items.forEach((item, i) => {
        for (const issue of orderItemIssues(item, i + 1)) ctx.addIssue({ code: 'custom', path: [i, issue.field], message: issue.message });
      });
    }),
  /** Sent by the client for display only; the server prices every item itself. */
  total: z.number().nullish(),
  orderBreakDown: z.unknown().optional(),
  updateId: z.coerce.number().int().positive().max(2_147_483_647).nullish(),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;
/** POST /order/create: the new (or updated) unpaid order, which the payment screen opens next. */
export const orderCreatedResponseSchema = z.object({ message: z.string(), order: z.object({ id: z.number() }) });

export const orderBreakdownLineSchema = z.object({
  itemType: z.string(),
  itemWord: z.string(),
  itemWordPrice: z.number(),
  itemCount: z.number(),
  itemAddons: z.string().nullable(),
  itemAddonPrice: z.number(),
});
export type OrderBreakdownLine = z.infer<typeof orderBreakdownLineSchema>;

export const orderListQuerySchema = keysetPagedQuerySchema(ORDER_SORT_COLUMNS, 30, {
  id: 'integer',
  user_id: 'integer',
  created_at: 'timestamp',
  total: 'bigint',
})
  .extend({
    keyword: optionalQueryText(100),
    orderId: optionalQueryInt,
    date: optionalQueryDate,
    user: optionalQueryInt,
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ORDER_STATUS_FILTERS).optional()),
  })
  .superRefine(cursorFitsSort);
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderRowSchema = z.object({
  id: z.number(),
  order_date: z.string(),
  no_of_content: z.number(),
  order_by: z.string(),
  user_id: z.number(),
  total: z.number(),
  status: z.enum(ORDER_STATUSES),
  unpaid: z.boolean(),
  payment_id: z.number().nullable(),
  created_at: z.string(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;
export const orderListResponseSchema = z.object({ data: z.array(orderRowSchema), meta: keysetPageMetaSchema });

export const contentItemSchema = z.object({
  id: z.number(),
  content_id: z.number(),
  order_id: z.number(),
  title: z.string().nullable(),
  article_title: z.string().nullable(),
  project_name: z.string().nullable(),
  order_type: z.string(),
  content_type: z.string(),
  word_count: z.string(),
  requested_word_count: z.number(),
  status: z.enum(ITEM_STATUSES),
  cost: z.number(),
  itemWordPrice: z.number(),
  addOn: z.string().nullable(),
  addOnPrice: z.number(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  keywords: z.string().nullable(),
  about_company: z.string().nullable(),
  target_audience: z.string().nullable(),
  writing_tone: z.string().nullable(),
  purpose: z.string().nullable(),
  publish_medium: z.string().nullable(),
  which_page: z.string().nullable(),
  website_link: z.string().nullable(),
  product_page_link: z.string().nullable(),
  preferred_intent: z.string().nullable(),
  preferred_perspective: z.string().nullable(),
  subject_line: z.string().nullable(),
  copy_type: z.string().nullable(),
  specification: z.string().nullable(),
  cta_suggestions: z.string().nullable(),
  use_same_title: z.number(),
  linkagent_id: z.number().nullable(),
  date: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

export const orderDetailResponseSchema = z.object({
  order: orderRowSchema,
  content: z.array(contentItemSchema),
  total: z.number(),
  orderBreakDown: z.array(orderBreakdownLineSchema),
  message: z.string(),
});
export type OrderDetail = z.infer<typeof orderDetailResponseSchema>;

/** POST /order/delete: unpaid orders deleted together (at most a page of the orders list). */
export const deleteOrdersSchema = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .min(1, messages.fieldRequired)
    .max(100, 'At most 100 orders can be deleted at once.')
    .refine((ids) => new Set(ids).size === ids.length, 'Each order may be named once.'),
});
export const deleteOrdersResponseSchema = z.object({ message: z.string(), deleted: z.array(z.number()) });

export const orderCountStatusSchema = z.object({ status: z.enum(['all', 'approved', 'unpaid', 'null']) });
export const orderCountResponseSchema = z.object({ count: z.number() });

/**
 * PATCH /content/{id} (admin): an item's brief and price, with the order form's fields and rules
 * (`orderItemIssues`). A field left out keeps its value; one sent empty clears it. Which required
 * fields may be cleared depends on the item as it is, so the server checks the edited item again
 * with `editedItemIssues`; the schema checks what the fields sent hold (lengths, links, keywords).
 */
export const updateContentSchema = orderItemInputSchema
  .omit({ contentId: true })
  .partial()
  .extend({ orderType: z.string().max(100).optional() })
  .superRefine((body, ctx) => {
    for (const issue of editedItemIssues({}, body)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
  });

/**
 * The order form's rules (`orderItemIssues`) on an item as an edit leaves it: `before` is the item
 * as stored, `changes` the fields sent (a field left out keeps its value). A required field must
 * keep a value once it has one; one the item never had (an older or imported item's) is not
 * demanded by an edit of something else, so "only fields with a value are required".
 */
export function editedItemIssues(before: OrderItemInput, changes: Partial<OrderItemInput>): ItemIssue[] {
  const sent = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const edited = { ...before, ...sent } as OrderItemInput;
  const had = before as Record<string, unknown>;
  return orderItemIssues(edited, 1).filter((issue) => {
    if (issue.message !== messages.highlightedRequired) return true;
    const value = had[issue.field];
    if (issue.field === 'wordCount') return !blank((value as { word?: unknown } | null | undefined)?.word);
    return !blank(value);
  });
}

export const userProjectSchema = z.object({
  project_name: z.string(),
  about_company: z.string().nullable(),
  target_audience: z.string().nullable(),
  categories: z.array(z.object({ name: z.string() })),
});
export const userProjectsResponseSchema = z.object({ data: z.array(userProjectSchema) });

/* Which fields and choices each order type offers (form and spreadsheet agree on these). */
export const EMAIL_ORDER_TYPES: readonly string[] = ['Email Marketing', 'Newsletter'];

export function purposeOptions(orderType: string): readonly string[] {
  return EMAIL_ORDER_TYPES.includes(orderType) ? EMAIL_PURPOSES : PURPOSES;
}

export function publishMediumOptions(orderType: string): readonly string[] {
  return orderType === 'Product Description' ? PRODUCT_MARKETPLACES : PUBLISH_PLACES;
}

const COMMON_OPTIONAL_FIELDS = ['keyword', 'description', 'website_link', 'preferred_intent', 'preferred_perspective', 'specification'] as const;
const TYPE_FIELDS: Record<string, readonly string[]> = {
  'Email Marketing': ['subject_line', 'cta_suggestions'],
  Newsletter: ['subject_line', 'cta_suggestions'],
  'Website Content': ['which_page'],
  'Landing Page': ['copy_type', 'cta_suggestions'],
  'Product Description': ['product_page_link'],
};

/** Optional fields an item of this type shows, beyond the required ones. */
export function optionalFieldsFor(orderType: string): readonly string[] {
  return [...COMMON_OPTIONAL_FIELDS, ...(TYPE_FIELDS[orderType] ?? [])];
}

/** Column keys of the bulk-order spreadsheet, in order. */
export const BULK_COLUMNS = [
  'orderType',
  'category',
  'itemTitle',
  'projectName',
  'aboutCompany',
  'targetAudience',
  'wordCount',
  'purpose',
  'writingTone',
  'publishingMedium',
  'keywords',
  'description',
  'preferredIntent',
  'preferredPerspective',
  'websiteLink',
  'productPageLink',
  'whichPage',
  'subjectLine',
  'copyType',
  'specification',
  'ctaSuggestions',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];
export const BULK_MAX_ROWS = 5000;
export const BULK_MAX_BYTES = 10 * 1024 * 1024;

export const bulkSampleQuerySchema = z.object({ order_type: z.string().trim().max(100).optional() });
export const bulkOrderResponseSchema = z.object({
  message: z.string(),
  order: z.object({ id: z.number() }),
  rejected: z.array(z.object({ row: z.number(), reasons: z.array(z.string()) })),
});
export type BulkOrderResponse = z.infer<typeof bulkOrderResponseSchema>;

/** One reason a sheet row is rejected: the column's header in words and the cell (`D5`), when the sheet has that column. */
export const bulkRowProblemSchema = z.object({ column: z.string().nullable(), cell: z.string().nullable(), reason: z.string() });
/**
 * The preview of a bulk import (POST /order/bulk/preview): each row of the sheet as the import would
 * take it, ordered with its price or rejected with its problems, and the total of the ordered rows.
 */
export const bulkPreviewResponseSchema = z.object({
  rows: z.array(
    z.discriminatedUnion('status', [
      z.object({
        row: z.number().int(),
        status: z.literal('ordered'),
        orderType: z.string(),
        title: z.string(),
        wordCount: z.string(),
        priceCents: z.number().int(),
      }),
      z.object({ row: z.number().int(), status: z.literal('rejected'), problems: z.array(bulkRowProblemSchema) }),
    ]),
  ),
  ordered: z.number().int(),
  rejected: z.number().int(),
  totalCents: z.number().int(),
});
export type BulkPreviewResponse = z.infer<typeof bulkPreviewResponseSchema>;
export type BulkPreviewRow = BulkPreviewResponse['rows'][number];
