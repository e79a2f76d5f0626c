import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-route request counters for @fastify/rate-limit (see lib/rate-limit-store.ts), in the database
 * so that several server instances share one bucket per key. Fixed window: it opens at the first hit
 * and a hit after window_ends_at starts a new one. Expired rows are deleted by the housekeeping job.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    /** Route and client key (e.g. `POST /api/login|ip|email`). */
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limit_buckets_window_ends_at_idx').on(t.windowEndsAt)],
);
