import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { accessTokens, authThrottle, idempotencyKeys, oneTimeTokens, users } from '../db/schema/index.js';
import { openTestDatabase } from '../test/harness.js';
import { authSweeps } from '../modules/auth/auth-sweeps.js';
import { runHousekeeping } from './housekeeping.js';

let handle: DatabaseHandle;
let userId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  const [user] = await handle.db.insert(users).values({ name: 'Sweep Me', email: 'sweep@example.org', role: 'agency' }).returning({ id: users.id });
  userId = user!.id;
});
afterAll(() => handle?.close());

describe('runHousekeeping', () => {
  it('deletes ended sessions, expired links, ended throttle windows and day-old idempotency keys, and keeps the live ones', async () => {
    const { db } = handle;
    const past = sql`now() - interval '1 hour'`;
    const future = sql`now() + interval '1 hour'`;
    await db.insert(accessTokens).values([
      { userId, tokenHash: 'ended', expiresAt: past },
      { userId, tokenHash: 'live', expiresAt: future },
    ]);
    await db.insert(oneTimeTokens).values([
      { userId, purpose: 'reset_password', tokenHash: 'old-link', expiresAt: past },
      { userId, purpose: 'reset_password', tokenHash: 'new-link', expiresAt: future },
    ]);
    await db.insert(authThrottle).values([
      { key: 'login:ended', failures: 3, windowEndsAt: past },
      { key: 'login:open', failures: 3, windowEndsAt: future },
    ]);
    await db.insert(idempotencyKeys).values([
      { userId, scope: 'pay', key: 'old', requestHash: 'x', status: 'done', createdAt: sql`now() - interval '25 hours'` },
      { userId, scope: 'pay', key: 'recent', requestHash: 'x', status: 'done' },
    ]);

    await runHousekeeping(db, authSweeps);

    expect((await db.select({ h: accessTokens.tokenHash }).from(accessTokens).where(eq(accessTokens.userId, userId))).map((r) => r.h)).toEqual(['live']);
    expect((await db.select({ h: oneTimeTokens.tokenHash }).from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId))).map((r) => r.h)).toEqual(['new-link']);
    expect((await db.select({ k: authThrottle.key }).from(authThrottle)).map((r) => r.k)).toEqual(['login:open']);
    expect((await db.select({ k: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId))).map((r) => r.k)).toEqual(['recent']);
  });
});
