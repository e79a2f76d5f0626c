import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client.js';
import { rateLimitRepository } from './rate-limit-store.repository.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the store reads of the plugin's merged options (the typings omit the last two). */
type StoreOptions = FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean };
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & StoreOptions & { routeInfo?: { method?: string | string[]; url?: string } };

/** An outage can fail every request; one log line per this many milliseconds is enough. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/**
 * A @fastify/rate-limit store (its documented `store` option: a class whose instances have
 * `incr(key, cb, timeWindow, max)`, `read(...)` and `child(routeOptions)`) that keeps the counters in
 * the rate_limit_buckets table, so every server instance on one database shares each bucket.
 * Fixed window per key (db/schema/rate-limits.ts), one atomic upsert per hit, the database's clock.
 *
 * The plugin builds one child per route; like its in-memory store, whose children each have their
 * own map, a child's keys are prefixed with the route, so two routes never share a bucket.
 *
 * If the database cannot be reached the limiter fails open: the request goes on uncounted (its own
 * queries then answer 503 as usual), and the error is logged, never turned into a 500.
 */
export function databaseRateLimitStore(db: Database, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  let lastLoggedAt = 0;
  const failOpen = (err: unknown, timeWindow: number, cb: Callback) => {
    if (Date.now() - lastLoggedAt >= OUTAGE_LOG_INTERVAL_MS) {
      lastLoggedAt = Date.now();
      log.error({ err }, 'rate limit store unavailable: requests are not being counted');
    }
    cb(null, { current: 0, ttl: timeWindow });
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      private readonly options: StoreOptions,
      private readonly prefix = '',
    ) {
      if (options.exponentialBackoff) throw new Error('The database rate-limit store does not implement exponentialBackoff');
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      rateLimitRepository.hit(db, { key: this.prefix + key, windowMs: timeWindow, max, restartWhenOver: this.options.continueExceeding === true }).then(
        (row) => cb(null, { current: row.count, ttl: row.msLeft }),
        (err: unknown) => failOpen(err, timeWindow, cb),
      );
    }

    /** The plugin's non-mutating peek (`createRateLimit(...)(req, { increment: false })`). */
    read(key: string, cb: Callback, timeWindow: number) {
      rateLimitRepository.peek(db, this.prefix + key).then(
        (row) => cb(null, { current: row?.count ?? 0, ttl: row?.msLeft ?? 0 }),
        (err: unknown) => failOpen(err, timeWindow, cb),
      );
    }

    child(routeOptions: ChildOptions) {
      const route = routeOptions.routeInfo;
      const prefix = route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}|` : '';
      return new DatabaseRateLimitStore({ ...this.options, ...routeOptions }, prefix);
    }
  }
  return DatabaseRateLimitStore;
}
