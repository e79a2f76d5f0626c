import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@copydesk/shared';
import type { DatabaseHandle } from '../db/client.js';
import { idempotencyKeys, users } from '../db/schema/index.js';
import { openTestDatabase } from '../test/harness.js';
import { AppError } from './app-error.js';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, requestHashOf, withIdempotency } from './idempotency.js';

/**
 * Idempotency keys (docs/decisions/0006-idempotency-keys.md): a key whose request died with its
 * process is taken over after its lease instead of answering 409 for ever; finished keys answer
 * repeats for 24 h, then expire.
 */

let handle: DatabaseHandle;
let userId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  const [user] = await handle.db.insert(users).values({ name: 'Key Holder', email: 'keys@example.org', role: 'agency' }).returning({ id: users.id });
  userId = user!.id;
});
afterAll(() => handle?.close());

const scope = 'test:pay';
let n = 0;
const freshKey = () => `key-${Date.now()}-${++n}`;

/** Moves a key's clock back, as if it had been written `ms` ago. */
async function age(key: string, ms: number) {
  await handle.db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now() - make_interval(secs => ${ms / 1000})` })
    .where(eq(idempotencyKeys.key, key));
}

/** A request that died with its process: its key stays "in progress" (a crash never releases it). */
async function abandon(key: string, body: unknown) {
  await handle.db.insert(idempotencyKeys).values({ userId, scope, key, requestHash: requestHashOf(body), status: 'in_progress' });
}

describe('withIdempotency', () => {
  it('answers 409 while the first request holds its lease, then lets a retry with the same body take the key over', async () => {
    const key = freshKey();
    const body = { order_id: 1 };
    await abandon(key, body);
    const during = withIdempotency(handle.db, { userId, scope, key, body }, async () => ({ charged: 1 }));
    await expect(during).rejects.toMatchObject({ code: 'idempotency.in_progress', message: billingMessages.idempotencyInProgress });

    await age(key, IDEMPOTENCY_LEASE_MS + 5_000);
    // Another body under the abandoned key is still a mismatch, never a takeover.
    await expect(withIdempotency(handle.db, { userId, scope, key, body: { order_id: 2 } }, async () => ({ charged: 1 }))).rejects.toMatchObject({
      code: 'idempotency.key_reused',
    });
    let runs = 0;
    const taken = await withIdempotency(handle.db, { userId, scope, key, body }, async () => ({ charged: ++runs }));
    expect(taken).toEqual({ status: 200, body: { charged: 1 } });
    // Now finished: a repeat answers the stored response and runs nothing.
    const repeat = await withIdempotency(handle.db, { userId, scope, key, body }, async () => ({ charged: ++runs }));
    expect(repeat).toEqual({ status: 200, body: { charged: 1 } });
    expect(runs).toBe(1);
  });

  it('lets only one of two racing retries take an abandoned key over', async () => {
    const key = freshKey();
    const body = { order_id: 3 };
    await abandon(key, body);
    await age(key, IDEMPOTENCY_LEASE_MS + 5_000);
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { charged: runs };
    };
    const results = await Promise.allSettled([
      withIdempotency(handle.db, { userId, scope, key, body }, slow),
      withIdempotency(handle.db, { userId, scope, key, body }, slow),
    ]);
    expect(runs).toBe(1);
    // The other one is told the key is in progress or, if it came after the first finished,
    // answered the first's stored response: never a second run.
    for (const result of results) {
      if (result.status === 'fulfilled') expect(result.value).toEqual({ status: 200, body: { charged: 1 } });
      else {
        expect(result.reason).toBeInstanceOf(AppError);
        expect(result.reason.code).toBe('idempotency.in_progress');
      }
    }
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
  });

  it('forgets finished keys after 24 hours', async () => {
    const key = freshKey();
    const body = { order_id: 4 };
    let runs = 0;
    await withIdempotency(handle.db, { userId, scope, key, body }, async () => ({ charged: ++runs }));
    await age(key, IDEMPOTENCY_TTL_MS - 60_000);
    expect((await withIdempotency(handle.db, { userId, scope, key, body }, async () => ({ charged: ++runs }))).body).toEqual({ charged: 1 });
    await age(key, IDEMPOTENCY_TTL_MS + 60_000);
    expect((await withIdempotency(handle.db, { userId, scope, key, body: { order_id: 5 } }, async () => ({ charged: ++runs }))).body).toEqual({ charged: 2 });

    const old = freshKey();
    await withIdempotency(handle.db, { userId, scope, key: old, body }, async () => ({ charged: 0 }));
    await age(old, IDEMPOTENCY_TTL_MS + 60_000);
    await deleteExpiredIdempotencyKeys(handle.db);
    expect(await handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, old))).toEqual([]);
    expect(await handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(1);
  });

  it('keeps the answer an operation stored inside its own transaction when the process fails after the commit', async () => {
    const key = freshKey();
    const body = { agency: 7, balance: 10 };
    let runs = 0;
    // The work commits its answer with `finish`; then the connection is lost before the key is
    // marked done from outside (what a crash between the two statements looks like).
    const first = withIdempotency(handle.db, { userId, scope, key, body }, async (finish) => {
      runs += 1;
      await handle.db.transaction(async (tx) => finish(tx, { credited: runs }));
      throw new Error('connection lost after the commit');
    });
    await expect(first).rejects.toThrow('connection lost after the commit');
    const [row] = await handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ status: 'done', responseStatus: 200, responseBody: { credited: 1 } });

    // Even once the lease has run out, a retry answers the committed result and runs nothing.
    await age(key, IDEMPOTENCY_LEASE_MS + 5_000);
    const retry = await withIdempotency(handle.db, { userId, scope, key, body }, async () => ({ credited: ++runs }));
    expect(retry).toEqual({ status: 200, body: { credited: 1 } });
    expect(runs).toBe(1);
  });

  it('rolls the stored answer back with the work when the transaction fails', async () => {
    const key = freshKey();
    const body = { agency: 8, balance: 10 };
    const first = withIdempotency(handle.db, { userId, scope, key, body }, async (finish) =>
      handle.db.transaction(async (tx) => {
        await finish(tx, { credited: 1 });
        throw new Error('deadlock detected');
      }),
    );
    await expect(first).rejects.toThrow('deadlock detected');
    // Nothing committed, so the key is released and a retry runs the work.
    expect(await handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    const retry = await withIdempotency(handle.db, { userId, scope, key, body }, async () => ({ credited: 2 }));
    expect(retry).toEqual({ status: 200, body: { credited: 2 } });
  });
});
