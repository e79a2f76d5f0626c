import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { paymentAttempts, type PaymentAttemptStatus } from '../../db/schema/index.js';
import type { ChargeResult } from '../../lib/payment-gateway.js';

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type NewPaymentAttempt = Omit<typeof paymentAttempts.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;

const UNSETTLED: PaymentAttemptStatus[] = ['pending', 'captured'];
const olderThan = (ms: number) => lt(paymentAttempts.updatedAt, sql`now() - make_interval(secs => ${ms / 1000})`);

/** Card payment attempts (docs/decisions/0005-card-payments-in-three-steps.md): reserve, capture, settle. Every status change is conditional. */
export const paymentAttemptsRepository = {
  /** Reserves an attempt, or returns null when the request key or the order already has one in flight. */
  async reserve(db: DbOrTx, values: NewPaymentAttempt): Promise<PaymentAttemptRow | null> {
    const [row] = await db.insert(paymentAttempts).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** The attempt a retry of the same request resumes (settled ones that succeeded included). */
  async findByRequestKey(db: DbOrTx, userId: number, requestKey: string) {
    const [row] = await db
      .select()
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.userId, userId),
          eq(paymentAttempts.requestKey, requestKey),
          inArray(paymentAttempts.status, ['pending', 'captured', 'succeeded']),
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async inFlightForOrder(db: DbOrTx, orderId: number) {
    const [row] = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, orderId), inArray(paymentAttempts.status, UNSETTLED)))
      .limit(1);
    return row ?? null;
  },

  async setGatewayKey(db: DbOrTx, id: number, gatewayKey: string) {
    await db.update(paymentAttempts).set({ gatewayKey }).where(eq(paymentAttempts.id, id));
  },

  /** Records what the gateway took. False when the attempt was settled meanwhile (then refund). */
  async markCaptured(db: DbOrTx, id: number, result: ChargeResult): Promise<boolean> {
    const rows = await db
      .update(paymentAttempts)
      .set({ status: 'captured', chargeRef: result.chargeRef, card: result.card, savedRef: result.savedRef, updatedAt: sql`now()` })
      .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, UNSETTLED)))
      .returning({ id: paymentAttempts.id });
    return rows.length > 0;
  },

  /** Nothing was taken: the attempt ends. False when it had moved on (captured or settled). */
  async markFailed(db: DbOrTx, id: number, failure: string): Promise<boolean> {
    const rows = await db
      .update(paymentAttempts)
      .set({ status: 'failed', failure, updatedAt: sql`now()` })
      .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'pending')))
      .returning({ id: paymentAttempts.id });
    return rows.length > 0;
  },

  async markRefunded(db: DbOrTx, id: number, failure: string) {
    await db
      .update(paymentAttempts)
      .set({ status: 'refunded', failure, updatedAt: sql`now()` })
      .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.status, 'captured')));
  },

  /** Notes why a captured attempt could not be settled yet; reconciliation retries it. */
  async noteFailure(db: DbOrTx, id: number, failure: string) {
    await db.update(paymentAttempts).set({ failure }).where(eq(paymentAttempts.id, id));
  },

  async lockForSettlement(db: DbOrTx, id: number) {
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id)).for('update').limit(1);
    return row ?? null;
  },

  async markSucceeded(db: DbOrTx, id: number, paymentId: number) {
    await db
      .update(paymentAttempts)
      .set({ status: 'succeeded', paymentId, failure: null, updatedAt: sql`now()` })
      .where(eq(paymentAttempts.id, id));
  },

  /**
   * Claims unsettled attempts untouched for `leaseMs` (their request died or gave up): bumping
   * `updated_at` keeps another instance's pass off them for a lease.
   */
  async claimStale(db: DbOrTx, leaseMs: number, limit = 50): Promise<PaymentAttemptRow[]> {
    const stale = db
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(and(inArray(paymentAttempts.status, UNSETTLED), olderThan(leaseMs)))
      .orderBy(asc(paymentAttempts.updatedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(paymentAttempts)
      .set({ updatedAt: sql`now()` })
      .where(and(inArray(paymentAttempts.id, stale), inArray(paymentAttempts.status, UNSETTLED), olderThan(leaseMs)))
      .returning();
  },

  /** Claims one unsettled attempt if it has been untouched for `leaseMs`. */
  async claimIfStale(db: DbOrTx, id: number, leaseMs: number): Promise<PaymentAttemptRow | null> {
    const [row] = await db
      .update(paymentAttempts)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, UNSETTLED), olderThan(leaseMs)))
      .returning();
    return row ?? null;
  },

  async countUnsettled(db: DbOrTx): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentAttempts)
      .where(or(eq(paymentAttempts.status, 'pending'), eq(paymentAttempts.status, 'captured')));
    return row?.n ?? 0;
  },
};
