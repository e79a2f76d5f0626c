import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rateLimitBuckets } from '../db/schema/index.js';

/** Milliseconds left in the row's window, by the database clock (the one every instance shares). */
const msLeft = sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitBuckets.windowEndsAt} - now())) * 1000))::float8`;

/** Drizzle queries for the request counters of lib/rate-limit-store.ts. */
export const rateLimitRepository = {
  /**
   * Counts one hit in one statement: opens the key's window at the first hit, adds to it while it
   * lasts, and starts a new one at the first hit after it ends. With `restartWhenOver`, a hit past
   * `max` starts the window again (the plugin's continueExceeding). The SET expressions read the
   * row as it was before this hit, so concurrent hits from several instances each count once.
   * `hits` counts several at once (an instance's batch of one API key's requests, plugins/auth.ts).
   */
  async hit(db: Database, options: { key: string; windowMs: number; max: number; restartWhenOver: boolean; hits?: number }) {
    const { key, windowMs, max, restartWhenOver, hits = 1 } = options;
    const window = sql`make_interval(secs => ${windowMs / 1000})`;
    const ended = sql`${rateLimitBuckets.windowEndsAt} <= now()`;
    const restart = restartWhenOver ? sql`(${ended} or ${rateLimitBuckets.count} + ${hits} > ${max})` : ended;
    const [row] = await db
      .insert(rateLimitBuckets)
      .values({ key, windowStart: sql`now()`, windowEndsAt: sql`now() + ${window}`, count: hits })
      .onConflictDoUpdate({
        target: rateLimitBuckets.key,
        set: {
          count: sql`case when ${ended} then ${hits}::integer else ${rateLimitBuckets.count} + ${hits}::integer end`,
          windowStart: sql`case when ${restart} then now() else ${rateLimitBuckets.windowStart} end`,
          windowEndsAt: sql`case when ${restart} then now() + ${window} else ${rateLimitBuckets.windowEndsAt} end`,
        },
      })
      .returning({ count: rateLimitBuckets.count, msLeft });
    return { count: row!.count, msLeft: Number(row!.msLeft) };
  },

  /** The key's current window without counting a hit; null when there is none. */
  async peek(db: Database, key: string) {
    const [row] = await db
      .select({ count: rateLimitBuckets.count, msLeft })
      .from(rateLimitBuckets)
      .where(and(eq(rateLimitBuckets.key, key), gt(rateLimitBuckets.windowEndsAt, sql`now()`)));
    return row ? { count: row.count, msLeft: Number(row.msLeft) } : null;
  },

  /** Ended windows (housekeeping); their keys start afresh anyway. */
  async sweep(db: Database) {
    await db.delete(rateLimitBuckets).where(lte(rateLimitBuckets.windowEndsAt, sql`now()`));
  },
};
