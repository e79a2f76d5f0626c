import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency.js';
import { authThrottleRepository } from '../modules/auth/auth-throttle.repository.js';
import { authRepository } from '../modules/auth/auth.repository.js';

/**
 * Rows that stop meaning anything once their time is up: ended sessions, expired one-time links,
 * ended sign-in and email throttle windows, and idempotency keys older than a day. Each is one
 * DELETE; deleting the same rows twice is harmless, so several instances may run this at once.
 */
export async function runHousekeeping(db: Database) {
  await authRepository.deleteExpiredAccessTokens(db);
  await authRepository.deleteExpiredOneTimeTokens(db);
  await authThrottleRepository.sweep(db);
  await deleteExpiredIdempotencyKeys(db);
}

/** Runs the housekeeping a minute after start-up, then every hour; failures are logged and retried next time. */
export function startHousekeepingJob(app: FastifyInstance, options: { firstRunMs?: number; intervalMs?: number } = {}) {
  const { firstRunMs = 60_000, intervalMs = 60 * 60_000 } = options;
  const tick = async () => {
    try {
      await runHousekeeping(app.db);
    } catch (err) {
      app.log.warn({ err }, 'housekeeping pass failed');
    }
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    timers.push(setTimeout(tick, firstRunMs).unref(), setInterval(tick, intervalMs).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
