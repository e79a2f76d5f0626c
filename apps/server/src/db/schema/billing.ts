import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, pgView, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { trigramIndexSettings } from './trigram.js';
import { cents } from './money.js';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * One wallet per agency (docs/decisions/0002-wallet-ledger.md), made by a trigger when the agency
 * is (migration 0014). The cached balance moves only with a ledger entry. `paid_orders_cents` is
 * the running total of the agency's order payments (a trigger on payments keeps it) and
 * `offer_granted` is set once the one-time offer credit is (a trigger on offer_credits): the offer
 * check reads both with the wallet lock instead of summing the agency's payment history.
 */
export const wallets = pgTable(
  'wallets',
  {
    agencyId: integer('agency_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    balanceCents: cents('balance_cents').notNull().default(0),
    paidOrdersCents: cents('paid_orders_cents').notNull().default(0),
    offerGranted: boolean('offer_granted').notNull().default(false),
    /** How many ledger entries the wallet has: the ledger trigger numbers each new one from it (migration 0019). */
    entryCount: integer('entry_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('wallets_balance_check', sql`${t.balanceCents} >= 0`)],
);

export const WALLET_ENTRY_KINDS = ['topup_card', 'topup_admin', 'order_payment', 'refund', 'offer_credit'] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/**
 * Append-only ledger of signed cent amounts; a trigger refuses UPDATE and DELETE. `position` numbers
 * a wallet's entries 1, 2, 3… in the order the balance moved: the insert trigger takes it from
 * `wallets.entry_count` in the same row update (under the same lock) that moves the balance and
 * writes `balance_after_cents`. The id is drawn before that lock, so under concurrency it is not
 * that order: read the ledger by position (docs/decisions/0002-wallet-ledger.md).
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => wallets.agencyId, { onDelete: 'restrict' }),
    amountCents: cents('amount_cents').notNull(),
    balanceAfterCents: cents('balance_after_cents').notNull(),
    kind: text('kind', { enum: WALLET_ENTRY_KINDS }).notNull(),
    description: text('description').notNull(),
    /** Who caused it (the payer, or the admin who credited). */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** Set by the insert trigger; the 0 a client sends is overwritten, as `balance_after_cents` is. */
    position: integer('position')
      .notNull()
      .$defaultFn(() => 0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_agency_idx').on(t.agencyId, t.id),
    // The billing history (migration 0023) pairs each payment with its entry by payment id.
    index('wallet_entries_payment_idx').on(t.paymentId),
    uniqueIndex('wallet_entries_agency_position_key').on(t.agencyId, t.position),
    check('wallet_entries_amount_check', sql`${t.amountCents} <> 0`),
    check('wallet_entries_balance_check', sql`${t.balanceAfterCents} >= 0`),
  ],
);

/** A card kept for later: the gateway's reference, last 4 digits and expiry only. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    gateway: text('gateway', { enum: ['sandbox', 'stripe'] }).notNull(),
    gatewayRef: text('gateway_ref').notNull(),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('saved_cards_agency_idx').on(t.agencyId, t.id), check('saved_cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);

export const PAYMENT_METHODS = ['Balance', 'SavedCard', 'NewCard', 'Admin'] as const;

/**
 * Order payments and top-ups, each with a numbered invoice, and refunds to the wallet, each with a
 * numbered credit note (docs/decisions/0007-refunds.md). Amounts in cents, never negative.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['order', 'topup', 'refund'] }).notNull(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountCents: cents('discount_cents').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    couponId: integer('coupon_id'),
    gateway: text('gateway'),
    gatewayRef: text('gateway_ref'),
    cardLast4: text('card_last4'),
    cardExpiry: text('card_expiry'),
    description: text('description').notNull(),
    billingName: text('billing_name'),
    billingAddress: text('billing_address'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingCountry: text('billing_country'),
    billingZip: text('billing_zip'),
    /** CD-<year>-<id> (CN- for refunds), written by a BEFORE INSERT trigger when left empty. */
    invoiceNumber: text('invoice_number').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_invoice_key').on(t.invoiceNumber),
    uniqueIndex('payments_order_key')
      .on(t.orderId)
      .where(sql`${t.kind} = 'order'`),
    index('payments_order_refunds_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'refund'`),
    index('payments_agency_idx').on(t.agencyId, t.id),
    index('payments_created_idx').on(t.createdAt),
    // Payer searches and the "user" sort of the payments list.
    index('payments_user_idx').on(t.userId, t.id),
    // Keyword searches (`ILIKE '%…%'`) by description and invoice number (pg_trgm, migration 0013).
    index('payments_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')).with(trigramIndexSettings),
    index('payments_invoice_number_trgm_idx').using('gin', t.invoiceNumber.op('gin_trgm_ops')).with(trigramIndexSettings),
    check('payments_amounts_check', sql`${t.amountCents} >= 0 and ${t.discountCents} >= 0 and ${t.amountCents} = ${t.subtotalCents} - ${t.discountCents}`),
    check('payments_order_kind_check', sql`(${t.kind} = 'topup') = (${t.orderId} is null)`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    type: text('type', { enum: ['fixed', 'percentage'] }).notNull(),
    /** Fixed: cents. Percentage: hundredths of a percent (12.5 % = 1250). */
    amount: cents('amount').notNull(),
    /** Agencies allowed to use it; empty = all. */
    agencyIds: integer('agency_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    expiry: date('expiry', { mode: 'string' }).notNull(),
    /** Paid orders that may use it (docs/decisions/0009-coupons.md). */
    usageLimit: integer('usage_limit').notNull(),
    usedCount: integer('used_count').notNull().default(0),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(sql`lower(${t.code})`),
    // Keyword searches (`ILIKE '%…%'`) of the coupon list and history (pg_trgm, migration 0013).
    index('coupons_code_trgm_idx').using('gin', t.code.op('gin_trgm_ops')).with(trigramIndexSettings),
    index('coupons_type_trgm_idx').using('gin', t.type.op('gin_trgm_ops')).with(trigramIndexSettings),
    check('coupons_used_check', sql`${t.usedCount} >= 0 and ${t.usedCount} <= ${t.usageLimit}`),
    check('coupons_amount_check', sql`${t.amount} > 0 and (${t.type} = 'fixed' or ${t.amount} <= 10000)`),
    check('coupons_status_check', sql`${t.status} in (0, 1)`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    discountCents: cents('discount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a full refund of the order gave the use back (docs/decisions/0033-refunds-in-every-figure.md):
     * the row stays in the coupon's history, marked, and no longer counts in `coupons.used_count`.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.couponId),
    uniqueIndex('coupon_redemptions_payment_key').on(t.paymentId),
    // The coupon history's searches (payer, order number), date filter and sort.
    index('coupon_redemptions_user_idx').on(t.userId),
    index('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_created_idx').on(t.createdAt),
  ],
);

/** The one-time offer credit per agency (docs/decisions/0008-offer-credit.md). */
export const offerCredits = pgTable('offer_credits', {
  agencyId: integer('agency_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'restrict' }),
  amountCents: cents('amount_cents').notNull(),
  paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The billing history, read from the ledger (view of migration 0023,
 * docs/decisions/0033-refunds-in-every-figure.md): one row per wallet entry, with the payment it
 * books when it has its own, and one per payment that moved no wallet (a card payment). The rows'
 * `wallet_cents` add up to the agency's balance. `payment_id` is the row's invoice or credit note
 * (none for the offer credit); `seq` then `seq_part` order rows as the payments were numbered.
 */
export const billingHistory = pgView('billing_history', {
  rowKey: text('row_key').notNull(),
  agencyId: integer('agency_id').notNull(),
  paymentId: integer('payment_id'),
  entryId: integer('entry_id'),
  kind: text('kind', { enum: ['topup', 'admin_credit', 'order', 'refund', 'offer_credit'] }).notNull(),
  userId: integer('user_id').notNull(),
  orderId: integer('order_id'),
  method: text('method', { enum: [...PAYMENT_METHODS, 'Offer'] }).notNull(),
  amountCents: cents('amount_cents').notNull(),
  walletCents: cents('wallet_cents').notNull(),
  balanceAfterCents: cents('balance_after_cents'),
  description: text('description').notNull(),
  invoiceNumber: text('invoice_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  seq: integer('seq').notNull(),
  seqPart: integer('seq_part').notNull(),
}).existing();

/** Idempotency-Key records: a repeat returns the first answer (docs/decisions/0006-idempotency-keys.md). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_progress', 'done'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_key').on(t.userId, t.scope, t.key)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;

export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'captured', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/** What finalising a card attempt writes on its payment row besides the amounts. */
export interface PaymentAttemptDetails {
  billingName: string | null;
  billingAddress: string | null;
  billingCity: string | null;
  billingState: string | null;
  billingCountry: string | null;
  billingZip: string | null;
  /** The saved card charged (its row already holds last 4 digits and expiry). */
  savedCard: { last4: string; expMonth: number; expYear: number } | null;
}

/**
 * A card payment in three steps (docs/decisions/0005-card-payments-in-three-steps.md): reserved
 * here as `pending` and committed before the gateway is called; `captured` once the gateway took
 * the money; then `succeeded` with the payment row it became, `failed` when nothing was taken, or
 * `refunded` when the money was taken but could not be booked (the order was paid meanwhile, the
 * coupon ran out). The reconciliation pass settles attempts a crash left `pending` or `captured` by
 * asking the gateway under the attempt's own idempotency key. No card number or CVC is ever stored.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['order', 'topup'] }).notNull(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    /** sha256 of user, call and the client's Idempotency-Key: a retry resumes its own attempt. */
    requestKey: text('request_key').notNull(),
    method: text('method', { enum: ['SavedCard', 'NewCard'] }).notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    discountCents: cents('discount_cents').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    couponId: integer('coupon_id'),
    description: text('description').notNull(),
    details: jsonb('details').$type<PaymentAttemptDetails>().notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('pending'),
    gateway: text('gateway', { enum: ['sandbox', 'stripe'] }).notNull(),
    /** The gateway's idempotency key: scoped to the agency and this attempt, never the client's key. */
    gatewayKey: text('gateway_key'),
    chargeRef: text('charge_ref'),
    card: jsonb('card').$type<{ last4: string; expMonth: number; expYear: number; brand: string | null }>(),
    savedRef: text('saved_ref'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_request_key')
      .on(t.userId, t.requestKey)
      .where(sql`${t.status} in ('pending', 'captured', 'succeeded')`),
    // One card payment in flight per order: a second one waits for the first to settle.
    uniqueIndex('payment_attempts_order_in_flight_key')
      .on(t.orderId)
      .where(sql`${t.status} in ('pending', 'captured')`),
    index('payment_attempts_unsettled_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('pending', 'captured')`),
    index('payment_attempts_agency_idx').on(t.agencyId, t.id),
    check(
      'payment_attempts_amounts_check',
      sql`${t.amountCents} > 0 and ${t.discountCents} >= 0 and ${t.amountCents} = ${t.subtotalCents} - ${t.discountCents}`,
    ),
    check('payment_attempts_order_kind_check', sql`(${t.kind} = 'topup') = (${t.orderId} is null)`),
    check('payment_attempts_succeeded_check', sql`(${t.status} = 'succeeded') = (${t.paymentId} is not null)`),
  ],
);

/**
 * The sandbox gateway's own record of what it charged, standing in for the card processor's
 * books: written in its own statement, outside any of the portal's transactions, so it survives a
 * crash of the portal exactly as a real processor's charge would, and reconciliation can ask it.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  chargeRef: text('charge_ref').notNull().unique(),
  agencyId: integer('agency_id').notNull(),
  amountCents: cents('amount_cents').notNull(),
  card: jsonb('card').$type<{ last4: string; expMonth: number; expYear: number; brand: string | null }>(),
  savedRef: text('saved_ref'),
  refundedCents: cents('refunded_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
