import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@copydesk/shared';
import type { DatabaseHandle } from '../db/client.js';
import { idempotencyKeys, users } from '../db/schema/index.js';
import { openTestDatabase } from '../test/harness.js';
import { AppError } from './app-error.js';
import { deleteExpiredIdempotencyKeys, IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, requestHashOf, withIdempotency } from './idempotency.js';

/**
 * Idempotency keys (issue 9 §3): a key whose request died with its process is taken over after
 * its lease instead of answering 409 for ever; finished keys answer repeats for 24 h, then expire.
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
    await expect(during).rejects.toMatchObject({ code: 'CONFLICT', message: billingMessages.idempotencyInProgress });

    await age(key, IDEMPOTENCY_LEASE_MS + 5_000);
    // Another body under the abandoned key is still a mismatch, never a takeover.
    await expect(withIdempotency(handle.db, { userId, scope, key, body: { order_id: 2 } }, async () => ({ charged: 1 }))).rejects.toMatchObject({
      code: 'VALIDATION',
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
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect(rejected.reason.code).toBe('CONFLICT');
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
});
