import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { deleteExpiredIdempotencyKeys } from '../lib/idempotency.js';
import { startIntervalJob } from '../lib/interval-job.js';
import { rateLimitRepository } from '../lib/rate-limit-store.repository.js';

/**
 * Rows that stop meaning anything once their time is up. Each sweep is one DELETE; deleting the
 * same rows twice is harmless, so several instances may run this at once. The platform's own
 * sweeps (idempotency keys older than a day, ended request-limit windows) are here; the domain's
 * (ended sessions, expired one-time links, ended sign-in throttle windows) come from its modules
 * through the app (app.ts), so this plugin reads no domain repository.
 */
export type Sweep = (db: Database) => Promise<unknown>;

const platformSweeps: Sweep[] = [deleteExpiredIdempotencyKeys, (db) => rateLimitRepository.sweep(db)];

export async function runHousekeeping(db: Database, domainSweeps: readonly Sweep[]) {
  for (const sweep of [...domainSweeps, ...platformSweeps]) await sweep(db);
}

/** Runs the housekeeping a minute after start-up, then every hour; failures are logged and retried next time. */
export function startHousekeepingJob(app: FastifyInstance, domainSweeps: readonly Sweep[], options: { firstRunMs?: number; intervalMs?: number } = {}) {
  const { firstRunMs = 60_000, intervalMs = 60 * 60_000 } = options;
  startIntervalJob(app, { name: 'housekeeping pass', firstRunMs, intervalMs, run: () => runHousekeeping(app.db, domainSweeps) });
}
