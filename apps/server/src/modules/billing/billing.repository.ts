import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, sum, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, type DbOrTx } from '../../db/client.js';
import { coupons, orderItems, orders, payments, savedCards, users, walletEntries, wallets, type WalletEntryKind } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like.js';
import { inMatching, matchingIds, utcDayRange } from '../../lib/list-filters.js';
import type { CouponRefusal } from '../coupons/coupon-rules.js';
import type { OrderScope } from '../orders/orders.repository.js';

export type NewPayment = Omit<typeof payments.$inferInsert, 'invoiceNumber' | 'id' | 'createdAt'>;

/**
 * Who may see which payments: admin all, agency its own, associate the payments and refunds of the
 * orders it placed (`orderedBy`; billing.service.ts `paymentScopeOf` says why).
 */
export type PaymentScope = { kind: 'all' } | { kind: 'agency'; agencyId: number; ordersOnly: boolean; orderedBy: number | null };

function scopeCondition(scope: PaymentScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return and(
    eq(payments.agencyId, scope.agencyId),
    // Associates see what concerns orders: payments and their refunds, not top-ups.
    scope.ordersOnly ? inArray(payments.kind, ['order', 'refund']) : undefined,
    // Deleted orders count too: their refunds stay in the history of whoever placed them.
    scope.orderedBy === null
      ? undefined
      : inArray(
          payments.orderId,
          sql`(select ${orders.id} from ${orders} where ${orders.userId} = ${scope.orderedBy} and ${orders.agencyId} = ${scope.agencyId})`,
        ),
  );
}

const sortColumns = {
  id: payments.id,
  user_id: payments.userId,
  type: payments.kind,
  data: payments.createdAt,
  total: payments.amountCents,
  created_at: payments.createdAt,
} as const;

/** Why `pay_order_from_wallet` did not book: 'in_flight' means a card attempt holds the order. */
export type WalletPaymentRefusal = 'not_found' | 'already_paid' | 'in_flight' | CouponRefusal | 'coupon_above_total' | 'balance_not_enough';

export interface WalletPayment {
  orderId: number;
  /** The wallet debited: the payer's agency. */
  agencyId: number;
  userId: number;
  /** Whose orders the payer may pay (scopeOf in the orders service). */
  scope: OrderScope;
  coupon: { id: number } | { code: string } | null;
  /** The day a coupon's expiry is compared with (YYYY-MM-DD, UTC). */
  today: string;
  description: string;
  dueBusinessDays: number;
  offer: { thresholdCents: number; creditCents: number; description: string };
}

export type WalletPaymentResult =
  { refusal: WalletPaymentRefusal; inFlightAttemptId: number | null } | { refusal: null; paymentId: number; offerCredited: boolean };

/**
 * The call of migration 0015's `pay_order_from_wallet`, as a named prepared statement: on PostgreSQL
 * each pooled connection parses and plans it once, not on every payment.
 */
function prepareWalletPayment(db: DbOrTx) {
  const p = (name: keyof WalletPaymentParams) => sql.placeholder(name);
  return db
    .select({
      refusal: sql<WalletPaymentRefusal | null>`refusal`,
      inFlightAttemptId: sql<number | null>`in_flight_attempt_id`,
      paidPaymentId: sql<number | null>`paid_payment_id`,
      offerCredited: sql<boolean>`offer_credited`,
    })
    .from(
      sql`pay_order_from_wallet(${p('orderId')}::integer, ${p('agencyId')}::integer, ${p('userId')}::integer,
        ${p('scopeAgencyId')}::integer, ${p('scopeUserId')}::integer, ${p('couponId')}::integer, ${p('couponCode')}::text,
        ${p('today')}::date, ${p('description')}::text, ${p('dueBusinessDays')}::integer,
        ${p('offerThresholdCents')}::bigint, ${p('offerCreditCents')}::bigint, ${p('offerDescription')}::text)`,
    )
    .prepare('pay_order_from_wallet');
}

interface WalletPaymentParams {
  orderId: number;
  agencyId: number;
  userId: number;
  scopeAgencyId: number | null;
  scopeUserId: number | null;
  couponId: number | null;
  couponCode: string | null;
  today: string;
  description: string;
  dueBusinessDays: number;
  offerThresholdCents: number;
  offerCreditCents: number;
  offerDescription: string;
}

/** The prepared payment of each database handle; a transaction prepares its own (same name and text). */
const walletPaymentOf = preparedPerDatabase(prepareWalletPayment);

export const billingRepository = {
  /**
   * Pays an order from the agency's wallet in one statement, inside the caller's transaction: the
   * SQL function of migration 0015 locks, checks and books everything a wallet payment touches, so
   * the transaction makes one round trip to the database instead of one per step. A refusal has
   * written nothing.
   */
  async payOrderFromWallet(db: DbOrTx, payment: WalletPayment): Promise<WalletPaymentResult> {
    const { scope, coupon, offer } = payment;
    const [row] = await walletPaymentOf(db).execute({
      orderId: payment.orderId,
      agencyId: payment.agencyId,
      userId: payment.userId,
      scopeAgencyId: scope.kind === 'agency' ? scope.agencyId : null,
      scopeUserId: scope.kind === 'user' ? scope.userId : null,
      couponId: coupon && 'id' in coupon ? coupon.id : null,
      couponCode: coupon && 'code' in coupon ? coupon.code.trim().toLowerCase() : null,
      today: payment.today,
      description: payment.description,
      dueBusinessDays: payment.dueBusinessDays,
      offerThresholdCents: offer.thresholdCents,
      offerCreditCents: offer.creditCents,
      offerDescription: offer.description,
    } satisfies WalletPaymentParams);
    if (row!.refusal) return { refusal: row!.refusal, inFlightAttemptId: row!.inFlightAttemptId };
    return { refusal: null, paymentId: row!.paidPaymentId!, offerCredited: row!.offerCredited };
  },

  /**
   * Takes the agency's wallet row lock (the wallet exists from the agency's sign-up) and reads what
   * the offer check needs. Every transaction that books a payment locks the order, then the wallet,
   * then (through triggers) the agency's counters, in that order, so a wallet payment and a card
   * payment that grants the offer credit cannot deadlock.
   */
  async lockWallet(db: DbOrTx, agencyId: number): Promise<{ paidOrdersCents: number; offerGranted: boolean }> {
    const [row] = await db
      .select({ paidOrdersCents: wallets.paidOrdersCents, offerGranted: wallets.offerGranted })
      .from(wallets)
      .where(eq(wallets.agencyId, agencyId))
      .for('update');
    if (!row) throw new Error(`agency ${agencyId} has no wallet`);
    return row;
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

  async orderPayment(db: DbOrTx, orderId: number) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'order')))
      .limit(1);
    return row ?? null;
  },

  async refundedCents(db: DbOrTx, orderId: number): Promise<number> {
    const [row] = await db
      .select({ total: sum(payments.amountCents) })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'refund')));
    return Number(row?.total ?? 0);
  },

  /** What the agency's orders have cost so far (the wallet's running total; refunds do not lower it). */
  async spendingOf(db: DbOrTx, agencyId: number): Promise<number> {
    const [row] = await db.select({ total: wallets.paidOrdersCents }).from(wallets).where(eq(wallets.agencyId, agencyId));
    return row?.total ?? 0;
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

  async list(
    db: DbOrTx,
    scope: PaymentScope,
    filters: { from?: string; to?: string; search?: string },
    page: { limit: number; offset: number; sortColumn: keyof typeof sortColumns; sortOrder: 'asc' | 'desc' },
  ) {
    const conditions: (SQL | undefined)[] = [scopeCondition(scope), ...utcDayRange(payments.createdAt, filters.from, filters.to)];
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      const byUser = or(ilike(users.name, pattern), ilike(users.email, pattern));
      // The payers that match, looked up first: the whole search then runs on the payments' own indexes.
      const payers = await matchingIds(db, users, users.id, byUser);
      conditions.push(or(ilike(payments.description, pattern), ilike(payments.invoiceNumber, pattern), inMatching(payments.userId, payers, byUser)));
    }
    const where = and(...conditions);
    const direction = page.sortOrder === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({ payment: payments, userName: users.name, email: users.email })
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .where(where)
        .orderBy(direction(sortColumns[page.sortColumn]), direction(payments.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(where),
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
