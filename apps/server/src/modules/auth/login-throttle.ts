import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authThrottle } from '../../db/schema/index.js';

/**
 * Counts failed sign-ins only, so a user who types the right password is never slowed down, and a
 * lock-out ends 15 minutes after the first failure of the window.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;

export function throttleKeys(email: string, ip: string) {
  return { pair: `login:${ip}:${email}`, address: `login:${ip}` };
}

export const loginThrottle = {
  async isBlocked(db: DbOrTx, email: string, ip: string): Promise<boolean> {
    const keys = throttleKeys(email, ip);
    const rows = await db
      .select({ key: authThrottle.key, failures: authThrottle.failures })
      .from(authThrottle)
      .where(and(inArray(authThrottle.key, [keys.pair, keys.address]), gt(authThrottle.windowEndsAt, sql`now()`)));
    return rows.some(
      (r) =>
        (r.key === keys.pair && r.failures >= MAX_FAILURES_PER_EMAIL_AND_ADDRESS) ||
        (r.key === keys.address && r.failures >= MAX_FAILURES_PER_ADDRESS),
    );
  },

  async recordFailure(db: DbOrTx, email: string, ip: string) {
    const keys = throttleKeys(email, ip);
    for (const key of [keys.pair, keys.address]) {
      await db
        .insert(authThrottle)
        .values({ key, failures: 1, windowEndsAt: sql`now() + make_interval(secs => ${LOGIN_WINDOW_SECONDS})` })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`case when ${authThrottle.windowEndsAt} <= now() then 1 else ${authThrottle.failures} + 1 end`,
            windowEndsAt: sql`case when ${authThrottle.windowEndsAt} <= now() then now() + make_interval(secs => ${LOGIN_WINDOW_SECONDS}) else ${authThrottle.windowEndsAt} end`,
          },
        });
    }
  },

  async clear(db: DbOrTx, email: string, ip: string) {
    await db.delete(authThrottle).where(eq(authThrottle.key, throttleKeys(email, ip).pair));
  },

  /** Housekeeping: drop windows that ended. */
  async sweep(db: DbOrTx) {
    await db.delete(authThrottle).where(gte(sql`now()`, authThrottle.windowEndsAt));
  },
};
