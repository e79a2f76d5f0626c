import { and, gt, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authThrottle } from '../../db/schema/index.js';

/**
 * Drizzle queries for the `auth_throttle` counters (sign-in failures, emails sent). A counter's
 * window opens with its first hit and lasts `windowSeconds`; a hit after the window starts a new one.
 * In the database, so several server instances share them.
 */
export const authThrottleRepository = {
  /** The live counts (window not ended) of the given keys; missing keys count 0. */
  async counts(db: DbOrTx, keys: string[]): Promise<Map<string, number>> {
    const rows = await db
      .select({ key: authThrottle.key, failures: authThrottle.failures })
      .from(authThrottle)
      .where(and(inArray(authThrottle.key, keys), gt(authThrottle.windowEndsAt, sql`now()`)));
    return new Map(rows.map((r) => [r.key, r.failures]));
  },

  /** Adds one to a counter in one statement (safe under concurrency) and returns the new count. */
  async bump(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
    const [row] = await db
      .insert(authThrottle)
      .values({ key, failures: 1, windowEndsAt: sql`now() + make_interval(secs => ${windowSeconds})` })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowEndsAt} <= now() then 1 else ${authThrottle.failures} + 1 end`,
          windowEndsAt: sql`case when ${authThrottle.windowEndsAt} <= now() then now() + make_interval(secs => ${windowSeconds}) else ${authThrottle.windowEndsAt} end`,
        },
      })
      .returning({ failures: authThrottle.failures });
    return row!.failures;
  },

  async remove(db: DbOrTx, keys: string[]) {
    await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
  },

  /** Housekeeping: drop windows that ended. */
  async sweep(db: DbOrTx) {
    await db.delete(authThrottle).where(gte(sql`now()`, authThrottle.windowEndsAt));
  },
};
