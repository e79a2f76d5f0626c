import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { webhookMessages } from '@copydesk/shared';
import type { DbOrTx, Transaction } from '../../db/client.js';
import { orders, users, walletEntries, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';

/** The rows of a `db.execute` answer, on PGlite and node-postgres alike. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface ClaimedDelivery {
  id: number;
  endpointId: number;
  attempts: number;
  scheduleStart: number;
  url: string;
  secretSealed: string;
  ownerId: number;
  payload: unknown;
}

/** The owner's endpoints, not disabled, that receive any of these events: by name, or through `*`. */
const receiving = (ownerId: number, types: readonly string[]) =>
  and(
    eq(webhookEndpoints.ownerId, ownerId),
    sql`${webhookEndpoints.disabledAt} is null`,
    sql`${webhookEndpoints.events} && array[${sql.join(
      ['*', ...types].map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`,
  );

export const webhooksRepository = {
  /** Whether `db` is a transaction already (a change's events must join it) or the database itself. */
  isTransaction(db: DbOrTx): db is Transaction {
    return db instanceof PgTransaction;
  },

  /** The agency an order belongs to: whose events its changes are. */
  async agencyOfOrder(db: DbOrTx, orderId: number): Promise<number | null> {
    const [row] = await db.select({ agencyId: orders.agencyId }).from(orders).where(eq(orders.id, orderId));
    return row?.agencyId ?? null;
  },

  /** What a payment's own ledger entries moved the wallet by (negative: a debit). */
  async walletChangeOfPayment(db: DbOrTx, paymentId: number): Promise<number> {
    const [row] = await db
      .select({ sum: sql<string | number | null>`sum(${walletEntries.amountCents})` })
      .from(walletEntries)
      .where(eq(walletEntries.paymentId, paymentId));
    return Number(row?.sum ?? 0);
  },

  /** Whether the owner has an endpoint that receives any of these events. */
  async anySubscribed(db: DbOrTx, ownerId: number, types: readonly string[]): Promise<boolean> {
    const [row] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(receiving(ownerId, types)).limit(1);
    return Boolean(row);
  },

  /** Locks the owner's user row: concurrent additions of one owner count one after the other. */
  async lockOwner(db: DbOrTx, ownerId: number) {
    await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  },

  async countOf(db: DbOrTx, ownerId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, ownerId));
    return row?.n ?? 0;
  },

  async insertEndpoint(db: DbOrTx, endpoint: { ownerId: number; url: string; events: string[]; secretSealed: string }) {
    const [row] = await db.insert(webhookEndpoints).values(endpoint).returning();
    return row!;
  },

  async listOf(db: DbOrTx, ownerId: number) {
    return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.ownerId, ownerId)).orderBy(asc(webhookEndpoints.id));
  },

  async findOf(db: DbOrTx, ownerId: number, id: number) {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)));
    return row ?? null;
  },

  async deleteOf(db: DbOrTx, ownerId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.ownerId, ownerId)))
      .returning({ id: webhookEndpoints.id });
    return rows.length === 1;
  },

  /** An owner's endpoints that receive `type`: named, or `*`, and not disabled. */
  async subscribedTo(db: DbOrTx, ownerId: number, type: string): Promise<number[]> {
    const rows = await db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(receiving(ownerId, [type]));
    return rows.map((r) => r.id);
  },

  /** One event and a delivery per endpoint, due now (the database's clock). */
  async insertEvent(db: DbOrTx, event: { type: string; ownerId: number; orderId: number | null; payload: unknown; endpointIds: number[]; at: Date }) {
    const [row] = await db
      .insert(webhookEvents)
      .values({ type: event.type, ownerId: event.ownerId, orderId: event.orderId, payload: event.payload, createdAt: event.at })
      .returning({ id: webhookEvents.id });
    await db
      .insert(webhookDeliveries)
      // Due at once, whatever time the change carries (a job's pass may date its moves otherwise).
      .values(
        event.endpointIds.map((endpointId) => ({ endpointId, eventId: row!.id, orderId: event.orderId, nextAttemptAt: sql`now()`, createdAt: event.at })),
      );
    return row!.id;
  },

  async deliveriesOf(db: DbOrTx, endpointId: number, page: { limit: number; offset: number; sortColumn: 'id' | 'created_at'; sortOrder: 'asc' | 'desc' }) {
    const column = page.sortColumn === 'created_at' ? webhookDeliveries.createdAt : webhookDeliveries.id;
    const direction = page.sortOrder === 'asc' ? asc : desc;
    const where = eq(webhookDeliveries.endpointId, endpointId);
    const rows = await db
      .select({
        id: webhookDeliveries.id,
        event: webhookEvents.type,
        status: webhookDeliveries.status,
        attempts: webhookDeliveries.attempts,
        lastStatusCode: webhookDeliveries.lastStatusCode,
        lastError: webhookDeliveries.lastError,
        nextAttemptAt: webhookDeliveries.nextAttemptAt,
        createdAt: webhookDeliveries.createdAt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(direction(column), direction(webhookDeliveries.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * Makes a delivery due at `now` again, in a new schedule (the attempts so far stay counted). A
   * delivery a worker holds right now is left to it ('in_flight'): the attempt under way is the retry.
   */
  async retry(db: DbOrTx, endpointId: number, deliveryId: number, now: Date): Promise<'queued' | 'in_flight' | 'not_found'> {
    const mine = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId));
    const rows = await db
      .update(webhookDeliveries)
      .set({ status: 'pending', scheduleStart: sql`${webhookDeliveries.attempts}`, nextAttemptAt: now, lockedUntil: null })
      .where(and(mine, sql`(${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} <= ${now.toISOString()}::timestamptz)`))
      .returning({ id: webhookDeliveries.id });
    if (rows.length === 1) return 'queued';
    const [held] = await db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(mine);
    return held ? 'in_flight' : 'not_found';
  },

  /** An endpoint its owner tries again (a test or a retry) receives events again. */
  async enable(db: DbOrTx, endpointId: number) {
    await db.update(webhookEndpoints).set({ disabledAt: null, failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
  },

  /**
   * Claims up to `limit` due deliveries for one worker, in one short statement: FOR UPDATE SKIP
   * LOCKED, so another worker (instance) skips them rather than waiting or taking them too, and a
   * lease until `now + leaseSeconds` (a worker that dies lets another take the delivery after it).
   * `attempts + 1` fences the claim, as the email outbox does (outbox.repository.ts).
   *
   * Causal order: a delivery whose endpoint has an earlier delivery of the same order still pending
   * (waiting, retrying or in flight) is not due, so an order's events reach an endpoint in the order
   * they were written, each after the one before succeeded or failed for good.
   */
  async claimDue(db: DbOrTx, args: { now: Date; limit: number; leaseSeconds: number }): Promise<ClaimedDelivery[]> {
    const result = await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints e on e.id = d.endpoint_id and e.disabled_at is null
        where d.status = 'pending'
          and d.next_attempt_at <= ${args.now}
          and (d.locked_until is null or d.locked_until <= ${args.now})
          and (d.order_id is null or not exists (
            select 1 from webhook_deliveries p
            where p.endpoint_id = d.endpoint_id and p.order_id = d.order_id and p.status = 'pending' and p.id < d.id))
        order by d.next_attempt_at, d.id
        limit ${args.limit}
        for update of d skip locked
      )
      update webhook_deliveries w
      set attempts = w.attempts + 1, locked_until = ${args.now}::timestamptz + make_interval(secs => ${args.leaseSeconds})
      from due, webhook_endpoints e, webhook_events v
      where w.id = due.id and e.id = w.endpoint_id and v.id = w.event_id
      returning w.id, w.endpoint_id, w.attempts, w.schedule_start, e.url, e.secret_sealed, e.owner_id, v.payload`);
    return rowsOf<{
      id: number;
      endpoint_id: number;
      attempts: number;
      schedule_start: number;
      url: string;
      secret_sealed: string;
      owner_id: number;
      payload: unknown;
    }>(result)
      .map((r) => ({
        id: Number(r.id),
        endpointId: Number(r.endpoint_id),
        attempts: Number(r.attempts),
        scheduleStart: Number(r.schedule_start),
        url: r.url,
        secretSealed: r.secret_sealed,
        ownerId: Number(r.owner_id),
        payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
      }))
      .sort((a, b) => a.id - b.id);
  },

  /** Moves the lease of a claim this worker still holds; false when it is no longer its own. */
  async renewClaim(db: DbOrTx, id: number, attempt: number, until: Date): Promise<boolean> {
    const rows = await db
      .update(webhookDeliveries)
      .set({ lockedUntil: until })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attempts, attempt), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    return rows.length === 1;
  },

  /** The outcome of one attempt of a claim still held: succeeded, failed for good, or due again at `nextAttemptAt`. */
  async recordAttempt(
    db: DbOrTx,
    id: number,
    attempt: number,
    outcome: { status: 'succeeded' | 'failed' | 'pending'; statusCode: number | null; error: string | null; nextAttemptAt: Date | null },
  ): Promise<boolean> {
    const rows = await db
      .update(webhookDeliveries)
      .set({
        status: outcome.status,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error?.slice(0, 500) ?? null,
        nextAttemptAt: outcome.nextAttemptAt,
        lockedUntil: null,
      })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attempts, attempt), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    return rows.length === 1;
  },

  async endpointSucceeded(db: DbOrTx, endpointId: number) {
    await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
  },

  /** Notes a failure; returns since when the endpoint has failed without a success. */
  async endpointFailed(db: DbOrTx, endpointId: number, now: Date): Promise<Date | null> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince });
    return row?.failingSince ?? null;
  },

  /**
   * Disables an endpoint and fails what it still had to send; returns its owner to email, or null
   * when it was already disabled (another worker did it).
   */
  async disable(db: DbOrTx, endpointId: number, now: Date) {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ disabledAt: now })
      .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.disabledAt} is null`))
      .returning({ url: webhookEndpoints.url, ownerId: webhookEndpoints.ownerId });
    if (!row) return null;
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lockedUntil: null, lastError: webhookMessages.deliveryEndpointDisabled })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    const [owner] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.ownerId));
    return owner ? { ...owner, url: row.url } : null;
  },

  /** Pending deliveries (the metrics' backlog). */
  async backlog(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
    return row?.n ?? 0;
  },
};
