import { and, asc, count, desc, eq, getViewSelectedFields, gte, ilike, inArray, isNull, or, sql, sum, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, type DbOrTx } from '../../db/client.js';
import {
  billingHistory,
  coupons,
  orderItems,
  orders,
  payments,
  savedCards,
  users,
  walletEntries,
  wallets,
  type PaymentAttemptDetails,
  type WalletEntryKind,
} from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like.js';
import { inMatching, matchingIds, utcDayRange } from '../../lib/list-filters.js';
import type { CouponRefusal } from '../coupons/coupon-rules.js';
import type { OrderScope, PaymentScope } from '../../lib/access.js';

export type NewPayment = Omit<typeof payments.$inferInsert, 'invoiceNumber' | 'id' | 'createdAt'>;

function scopeCondition(scope: PaymentScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return and(
    eq(payments.agencyId, scope.agencyId),
    // Associates see what concerns orders: payments and their refunds, not top-ups.
    scope.ordersOnly ? inArray(payments.kind, ['order', 'refund']) : undefined,
    // Deleted orders count too: their refunds stay in the history of whoever placed them.
    scope.orderedBy === null ? undefined : inArray(payments.orderId, ordersPlacedBy(scope.agencyId, scope.orderedBy)),
  );
}

const ordersPlacedBy = (agencyId: number, userId: number) =>
  sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${userId} and ${orders.agencyId} = ${agencyId})`;

/** The same scope on the billing history's rows (the view of migration 0023). */
function historyScopeCondition(scope: PaymentScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return and(
    eq(billingHistory.agencyId, scope.agencyId),
    // Associates see order payments and their refunds, not the wallet's top-ups and credits.
    scope.ordersOnly ? inArray(billingHistory.kind, ['order', 'refund']) : undefined,
    scope.orderedBy === null ? undefined : inArray(billingHistory.orderId, ordersPlacedBy(scope.agencyId, scope.orderedBy)),
  );
}

/** The history's sort columns; `id` is the order the payments were numbered in. */
const sortColumns = {
  id: billingHistory.seq,
  user_id: billingHistory.userId,
  type: billingHistory.kind,
  data: billingHistory.createdAt,
  total: billingHistory.amountCents,
  created_at: billingHistory.createdAt,
} as const;

/** Why the booking routine did not book: 'in_flight' means a card attempt holds the order. */
export type BookingRefusal = 'not_found' | 'already_paid' | 'in_flight' | 'order_changed' | CouponRefusal | 'coupon_above_total' | 'balance_not_enough';

/** What an order payment is decided on: the order, its payer and scope, and the coupon asked for. */
export interface PaymentTermsQuery {
  orderId: number;
  /** The payer's agency: its wallet and coupons. */
  agencyId: number;
  /** Whose orders the payer may pay (scopes.orders in lib/access.ts). */
  scope: OrderScope;
  coupon: { id: number } | { code: string } | null;
  /** The day a coupon's expiry is compared with (YYYY-MM-DD, UTC). */
  today: string;
  /** The card attempt being settled: not another payment in flight. */
  attemptId?: number | null;
}

export type PaymentTerms =
  | { refusal: BookingRefusal; inFlightAttemptId: number | null }
  | { refusal: null; subtotalCents: number; discountCents: number; chargeCents: number; couponId: number | null };

export interface OrderPaymentBooking extends PaymentTermsQuery {
  method: 'Balance' | 'SavedCard' | 'NewCard';
  userId: number;
  description: string;
  offer: { thresholdCents: number; creditCents: number; description: string };
  /** A card attempt's amounts, fixed when it was reserved: a booking that would differ is refused. */
  expected?: { subtotalCents: number; chargeCents: number } | null;
  card?: { gateway: string; chargeRef: string; last4: string; expiry: string } | null;
  billing?: Omit<PaymentAttemptDetails, 'savedCard'> | null;
}

export type BookingResult = { refusal: BookingRefusal; inFlightAttemptId: number | null } | { refusal: null; paymentId: number; offerCredited: boolean };

const scopeParams = (scope: OrderScope) => ({
  scopeAgencyId: scope.kind === 'agency' ? scope.agencyId : null,
  scopeUserId: scope.kind === 'user' ? scope.userId : null,
});

const couponParams = (coupon: PaymentTermsQuery['coupon']) => ({
  couponId: coupon && 'id' in coupon ? coupon.id : null,
  couponCode: coupon && 'code' in coupon ? coupon.code.trim().toLowerCase() : null,
});

/** The routine's arguments by name: the booking's fields, the card's, and the billing address's. */
interface BookingParams extends Omit<PaymentAttemptDetails, 'savedCard'> {
  method: string;
  orderId: number;
  agencyId: number;
  userId: number;
  scopeAgencyId: number | null;
  scopeUserId: number | null;
  couponId: number | null;
  couponCode: string | null;
  today: string;
  description: string;
  offerThresholdCents: number;
  offerCreditCents: number;
  offerDescription: string;
  attemptId: number | null;
  expectedSubtotalCents: number | null;
  expectedChargeCents: number | null;
  gateway: string | null;
  gatewayRef: string | null;
  cardLast4: string | null;
  cardExpiry: string | null;
}

/**
 * The call of migration 0017's `book_order_payment`, as a named prepared statement: on PostgreSQL
 * each pooled connection parses and plans it once, not on every payment.
 */
function prepareBooking(db: DbOrTx) {
  const p = (name: keyof BookingParams) => sql.placeholder(name);
  return db
    .select({
      refusal: sql<BookingRefusal | null>`refusal`,
      inFlightAttemptId: sql<number | null>`in_flight_attempt_id`,
      paidPaymentId: sql<number | null>`paid_payment_id`,
      offerCredited: sql<boolean>`offer_credited`,
    })
    .from(
      sql`book_order_payment(${p('method')}::text, ${p('orderId')}::integer, ${p('agencyId')}::integer, ${p('userId')}::integer,
        ${p('scopeAgencyId')}::integer, ${p('scopeUserId')}::integer, ${p('couponId')}::integer, ${p('couponCode')}::text,
        ${p('today')}::date, ${p('description')}::text,
        ${p('offerThresholdCents')}::bigint, ${p('offerCreditCents')}::bigint, ${p('offerDescription')}::text,
        ${p('attemptId')}::integer, ${p('expectedSubtotalCents')}::bigint, ${p('expectedChargeCents')}::bigint,
        ${p('gateway')}::text, ${p('gatewayRef')}::text, ${p('cardLast4')}::text, ${p('cardExpiry')}::text,
        ${p('billingName')}::text, ${p('billingAddress')}::text, ${p('billingCity')}::text, ${p('billingState')}::text,
        ${p('billingCountry')}::text, ${p('billingZip')}::text)`,
    )
    .prepare('book_order_payment');
}

/** The prepared booking of each database handle; a transaction prepares its own (same name and text). */
const bookingOf = preparedPerDatabase(prepareBooking);

export const billingRepository = {
  /**
   * Books an order payment in one statement, inside the caller's transaction: migration 0017's
   * `book_order_payment` locks, checks and writes everything a payment touches (one round trip).
   * A refusal has written nothing. Only the booking layer (booking.ts) calls it.
   */
  async bookOrderPayment(db: DbOrTx, booking: OrderPaymentBooking): Promise<BookingResult> {
    const { offer, card, billing, expected } = booking;
    const [row] = await bookingOf(db).execute({
      method: booking.method,
      orderId: booking.orderId,
      agencyId: booking.agencyId,
      userId: booking.userId,
      ...scopeParams(booking.scope),
      ...couponParams(booking.coupon),
      today: booking.today,
      description: booking.description,
      offerThresholdCents: offer.thresholdCents,
      offerCreditCents: offer.creditCents,
      offerDescription: offer.description,
      attemptId: booking.attemptId ?? null,
      expectedSubtotalCents: expected?.subtotalCents ?? null,
      expectedChargeCents: expected?.chargeCents ?? null,
      gateway: card?.gateway ?? null,
      gatewayRef: card?.chargeRef ?? null,
      cardLast4: card?.last4 ?? null,
      cardExpiry: card?.expiry ?? null,
      billingName: billing?.billingName ?? null,
      billingAddress: billing?.billingAddress ?? null,
      billingCity: billing?.billingCity ?? null,
      billingState: billing?.billingState ?? null,
      billingCountry: billing?.billingCountry ?? null,
      billingZip: billing?.billingZip ?? null,
    } satisfies BookingParams);
    if (row!.refusal) return { refusal: row!.refusal, inFlightAttemptId: row!.inFlightAttemptId };
    return { refusal: null, paymentId: row!.paidPaymentId!, offerCredited: row!.offerCredited };
  },

  /** What paying the order would take, under the order's and the coupon's locks (`order_payment_terms`). */
  async orderPaymentTerms(db: DbOrTx, query: PaymentTermsQuery): Promise<PaymentTerms> {
    const scope = scopeParams(query.scope);
    const coupon = couponParams(query.coupon);
    const result = await db.execute(sql`select refusal, in_flight_attempt_id, subtotal_cents, discount_cents, charge_cents, coupon_id
      from order_payment_terms(${query.orderId}::integer, ${query.agencyId}::integer, ${scope.scopeAgencyId}::integer, ${scope.scopeUserId}::integer,
        ${coupon.couponId}::integer, ${coupon.couponCode}::text, ${query.today}::date, ${query.attemptId ?? null}::integer)`);
    type Row = {
      refusal: BookingRefusal | null;
      in_flight_attempt_id: number | null;
      subtotal_cents: string | number;
      discount_cents: string | number;
      charge_cents: string | number;
      coupon_id: number | null;
    };
    const row = (result as unknown as { rows: Row[] }).rows[0]!;
    if (row.refusal) return { refusal: row.refusal, inFlightAttemptId: row.in_flight_attempt_id };
    return {
      refusal: null,
      subtotalCents: Number(row.subtotal_cents),
      discountCents: Number(row.discount_cents),
      chargeCents: Number(row.charge_cents),
      couponId: row.coupon_id,
    };
  },

  /** Refunds to the wallet what deleting the order (or one item of it) returns (`book_refund`); the caller holds the order's lock. */
  async bookRefund(db: DbOrTx, refund: { orderId: number; itemId: number | null; actorId: number; description: string }) {
    const result = await db.execute(sql`select amount_cents, credit_note
      from book_refund(${refund.orderId}::integer, ${refund.itemId}::integer, ${refund.actorId}::integer, ${refund.description}::text)`);
    const row = (result as unknown as { rows: { amount_cents: string | number; credit_note: string | null }[] }).rows[0]!;
    return { amountCents: Number(row.amount_cents), creditNote: row.credit_note };
  },

  async balanceOf(db: DbOrTx, agencyId: number): Promise<number> {
    const [row] = await db.select({ balance: wallets.balanceCents }).from(wallets).where(eq(wallets.agencyId, agencyId));
    return row?.balance ?? 0;
  },

  /**
   * Appends a ledger entry; a trigger applies it to the cached balance in the same statement and
   * refuses an overdraft with SQLSTATE 23514.
   */
  async appendEntry(
    db: DbOrTx,
    entry: {
      agencyId: number;
      amountCents: number;
      kind: WalletEntryKind;
      description: string;
      actorId: number | null;
      paymentId?: number | null;
      orderId?: number | null;
    },
  ): Promise<number> {
    const [row] = await db
      .insert(walletEntries)
      .values({ ...entry, balanceAfterCents: 0 })
      .returning({ balanceAfter: walletEntries.balanceAfterCents });
    return row!.balanceAfter;
  },

  async ledgerSum(db: DbOrTx, agencyId: number): Promise<number> {
    const [row] = await db
      .select({ total: sum(walletEntries.amountCents) })
      .from(walletEntries)
      .where(eq(walletEntries.agencyId, agencyId));
    return Number(row?.total ?? 0);
  },

  /**
   * Writes a payment; a trigger numbers its invoice from the id in the same insert (CD-<year>-<id>,
   * CN- for refunds: credit notes), and counts an order payment into the wallet's running total.
   */
  async insertPayment(db: DbOrTx, values: NewPayment): Promise<{ id: number; invoiceNumber: string }> {
    const [row] = await db.insert(payments).values(values).returning({ id: payments.id, invoiceNumber: payments.invoiceNumber });
    return row!;
  },

  async refundedCents(db: DbOrTx, orderId: number): Promise<number> {
    const [row] = await db
      .select({ total: sum(payments.amountCents) })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
    return Number(row?.total ?? 0);
  },

  /**
   * What the agency's orders have cost so far net of their refunds: the wallet's running total,
   * which a refund lowers (migration 0023, docs/decisions/0033-refunds-in-every-figure.md).
   */
  async spendingOf(db: DbOrTx, agencyId: number): Promise<number> {
    const [row] = await db.select({ total: wallets.paidOrdersCents }).from(wallets).where(eq(wallets.agencyId, agencyId));
    return row?.total ?? 0;
  },

  /**
   * Order payments net of their refunds, per UTC month of the payment, from `since` (a month's
   * first day, UTC) on: a refund lowers the month of the payment it returns, so a month never goes
   * below zero and the months add up to the spending figure.
   */
  async monthlySpending(db: DbOrTx, scope: PaymentScope, since: Date): Promise<{ month: string; cents: number }[]> {
    const month = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const refunded = sql`coalesce((select sum(r.amount_cents) from ${payments} r where r.order_id = ${payments.orderId} and r.kind = 'refund'), 0)`;
    const rows = await db
      .select({ month, cents: sql<string>`sum(${payments.amountCents} - ${refunded})` })
      .from(payments)
      .where(and(scopeCondition(scope), eq(payments.kind, 'order'), gte(payments.createdAt, since)))
      .groupBy(month);
    return rows.map((r) => ({ month: r.month, cents: Number(r.cents) }));
  },

  async listSavedCards(db: DbOrTx, agencyId: number) {
    return db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.agencyId, agencyId), isNull(savedCards.deletedAt)))
      .orderBy(desc(savedCards.id));
  },

  /** The billing address typed with the agency's last card payment (order or top-up), if any. */
  async lastBillingAddress(db: DbOrTx, agencyId: number) {
    const [row] = await db
      .select({
        name: payments.billingName,
        address: payments.billingAddress,
        city: payments.billingCity,
        state: payments.billingState,
        country: payments.billingCountry,
        zip: payments.billingZip,
      })
      .from(payments)
      .where(and(eq(payments.agencyId, agencyId), inArray(payments.kind, ['order', 'topup']), sql`${payments.billingAddress} is not null`))
      .orderBy(desc(payments.id))
      .limit(1);
    return row ?? null;
  },

  async findSavedCard(db: DbOrTx, agencyId: number, id: number) {
    const [row] = await db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.id, id), eq(savedCards.agencyId, agencyId), isNull(savedCards.deletedAt)))
      .limit(1);
    return row ?? null;
  },

  async insertSavedCard(db: DbOrTx, values: typeof savedCards.$inferInsert) {
    await db.insert(savedCards).values(values);
  },

  /** The billing history (the ledger's view, migration 0023): one page and the count. */
  async list(
    db: DbOrTx,
    scope: PaymentScope,
    filters: { from?: string; to?: string; search?: string },
    page: { limit: number; offset: number; sortColumn: keyof typeof sortColumns; sortOrder: 'asc' | 'desc' },
  ) {
    const conditions: (SQL | undefined)[] = [historyScopeCondition(scope), ...utcDayRange(billingHistory.createdAt, filters.from, filters.to)];
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      const byUser = or(ilike(users.name, pattern), ilike(users.email, pattern));
      // The payers that match, looked up first: the search then stays on the history's own columns.
      const payers = await matchingIds(db, users, users.id, byUser);
      conditions.push(
        or(ilike(billingHistory.description, pattern), ilike(billingHistory.invoiceNumber, pattern), inMatching(billingHistory.userId, payers, byUser)),
      );
    }
    const where = and(...conditions);
    const direction = page.sortOrder === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({ ...getViewSelectedFields(billingHistory), userName: users.name, email: users.email })
        .from(billingHistory)
        .innerJoin(users, eq(users.id, billingHistory.userId))
        .where(where)
        .orderBy(direction(sortColumns[page.sortColumn]), direction(billingHistory.seq), direction(billingHistory.seqPart))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(billingHistory).innerJoin(users, eq(users.id, billingHistory.userId)).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  async findVisible(db: DbOrTx, scope: PaymentScope, id: number) {
    const [row] = await db
      .select({ payment: payments, user: users, couponCode: coupons.code })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .leftJoin(coupons, eq(coupons.id, payments.couponId))
      .where(and(eq(payments.id, id), scopeCondition(scope)))
      .limit(1);
    return row ?? null;
  },

  async itemsOfOrders(db: DbOrTx, orderIds: number[]) {
    if (!orderIds.length) return [];
    return db
      .select()
      .from(orderItems)
      .where(and(inArray(orderItems.orderId, orderIds), isNull(orderItems.deletedAt)))
      .orderBy(asc(orderItems.id));
  },
};
