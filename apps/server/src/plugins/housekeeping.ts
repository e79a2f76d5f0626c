import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency.js';
import { startIntervalJob } from '../lib/interval-job.js';
import { rateLimitRepository } from '../lib/rate-limit-store.repository.js';
import { authThrottleRepository } from '../modules/auth/auth-throttle.repository.js';
import { authRepository } from '../modules/auth/auth.repository.js';

/**
 * Rows that stop meaning anything once their time is up: ended sessions, expired one-time links,
 * ended sign-in and email throttle windows, ended request-limit windows, and idempotency keys older than a day. Each is one
 * DELETE; deleting the same rows twice is harmless, so several instances may run this at once.
 */
export async function runHousekeeping(db: Database) {
  await authRepository.deleteExpiredAccessTokens(db);
  await authRepository.deleteExpiredOneTimeTokens(db);
  await authThrottleRepository.sweep(db);
  await deleteExpiredIdempotencyKeys(db);
  await rateLimitRepository.sweep(db);
}

/** Runs the housekeeping a minute after start-up, then every hour; failures are logged and retried next time. */
export function startHousekeepingJob(app: FastifyInstance, options: { firstRunMs?: number; intervalMs?: number } = {}) {
  const { firstRunMs = 60_000, intervalMs = 60 * 60_000 } = options;
  startIntervalJob(app, { name: 'housekeeping pass', firstRunMs, intervalMs, run: () => runHousekeeping(app.db) });
}
