import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { trigramIndexSettings } from './trigram.js';
import { products } from './catalog.js';
import { cents } from './money.js';
import { users } from './users.js';

/**
 * An order belongs to the user who placed it and to that user's agency (`agency_id`), which is what
 * list scopes and ownership checks read. Totals are cents, computed by the server from the catalogue.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    totalCents: cents('total_cents').notNull(),
    itemCount: integer('item_count').notNull(),
    /** Set when payment succeeds. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentId: integer('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Admin deletion keeps the row (money history); lists skip deleted orders. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('orders_agency_idx').on(t.agencyId, t.id),
    index('orders_user_idx').on(t.userId, t.id),
    index('orders_created_idx').on(t.createdAt),
    index('orders_total_idx').on(t.totalCents),
    // The "unpaid" filter of an agency's list: usually a handful of rows among many paid ones.
    index('orders_unpaid_idx')
      .on(t.agencyId, t.id)
      .where(sql`${t.paidAt} is null and ${t.deletedAt} is null`),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
  ],
);

/** An ordered piece of writing (the spec's "content"). Prices are a snapshot of the catalogue. */
export const orderItems = pgTable(
  'order_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    orderType: text('order_type').notNull(),
    wordCountTitle: text('word_count_title').notNull(),
    requestedWords: integer('requested_words').notNull(),
    wordPriceCents: cents('word_price_cents').notNull(),
    addon: text('addon'),
    addonPriceCents: cents('addon_price_cents').notNull().default(0),
    costCents: cents('cost_cents').notNull(),
    status: text('status', {
      enum: ['Unpaid', 'Unassigned', 'In Progress', 'Pending Review', 'Revision Requested', 'Approved'],
    })
      .notNull()
      .default('Unpaid'),
    category: text('category'),
    articleTitle: text('article_title'),
    description: text('description'),
    keywords: text('keywords'),
    projectName: text('project_name'),
    aboutCompany: text('about_company'),
    targetAudience: text('target_audience'),
    writingTone: text('writing_tone'),
    purpose: text('purpose'),
    publishMedium: text('publish_medium'),
    whichPage: text('which_page'),
    websiteLink: text('website_link'),
    productPageLink: text('product_page_link'),
    preferredIntent: text('preferred_intent'),
    preferredPerspective: text('preferred_perspective'),
    subjectLine: text('subject_line'),
    copyType: text('copy_type'),
    specification: text('specification'),
    ctaSuggestions: text('cta_suggestions'),
    useSameTitle: boolean('use_same_title').notNull().default(false),
    /** The staff user working on the item (fulfilment). */
    linkagentId: integer('linkagent_id').references(() => users.id, { onDelete: 'set null' }),
    /** Payment time + 5 business days (docs/decisions/0010-due-dates-and-auto-approval.md); set when the order is paid. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Revision requests still allowed (three per item). */
    revisionsLeft: integer('revisions_left').notNull().default(3),
    /** When the item last entered Pending Review: the auto-approval clock starts here. */
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    /** When the orderer was told the item will be approved automatically (once per review). */
    autoApproveWarnedAt: timestamp('auto_approve_warned_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_status_idx').on(t.status, t.orderId),
    // The fulfilment queue's default view: live paid items not yet approved, oldest due date first.
    index('order_items_queue_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} not in ('Unpaid', 'Approved')`),
    index('order_items_review_idx')
      .on(t.reviewStartedAt)
      .where(sql`${t.status} = 'Pending Review' and ${t.deletedAt} is null`),
    // Keyword searches (`ILIKE '%…%'`) of the order list and the fulfilment queue (pg_trgm, migration 0013).
    index('order_items_article_title_trgm_idx').using('gin', t.articleTitle.op('gin_trgm_ops')).with(trigramIndexSettings),
    index('order_items_project_name_trgm_idx').using('gin', t.projectName.op('gin_trgm_ops')).with(trigramIndexSettings),
    index('order_items_order_type_trgm_idx').using('gin', t.orderType.op('gin_trgm_ops')).with(trigramIndexSettings),
    check('order_items_revisions_left_check', sql`${t.revisionsLeft} >= 0`),
    check('order_items_cost_check', sql`${t.costCents} = ${t.wordPriceCents} + ${t.addonPriceCents} and ${t.costCents} >= 0`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/**
 * Live order counts per agency, kept by triggers on `orders`, so unfiltered lists and the counters
 * do not count rows: the list stays as fast with 100,000 orders as with 1,000.
 */
/**
 * The item lifecycle: every legal move of an order item, with who may make it. `Deleted` is the
 * soft deletion (deleted_at set, status kept). The `move_items` SQL function is the one writer of
 * item status, and a trigger on order_items refuses any other change, from any client
 * (docs/decisions/0004-item-state-machine.md).
 */
export const itemTransitions = pgTable(
  'item_transitions',
  {
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** Who may make the move: 'payment', 'fulfilment', 'orderer', 'auto_approval', 'admin'. */
    actors: text('actors').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromStatus, t.toStatus] })],
);

export const agencyOrderStats = pgTable('agency_order_stats', {
  agencyId: integer('agency_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orders: integer('orders').notNull().default(0),
  unpaid: integer('unpaid').notNull().default(0),
});

/** Live orders per user who placed them, kept by a trigger on `orders`: the order count every session answers. */
export const userOrderStats = pgTable('user_order_stats', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orders: integer('orders').notNull().default(0),
});
