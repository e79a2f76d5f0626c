import { databaseKind, migrationTag } from '../../db/client.js';
import type { AppContext } from '../../lib/app-context.js';
import { healthRepository } from './health.repository.js';

/** Long enough for a busy pool, short enough for a load balancer's probe. */
export const DATABASE_PING_TIMEOUT_MS = 1_500;

export type DatabaseCheck = { database: 'up'; migration: string | null } | { database: 'down' };

/**
 * Whether the database answers within the timeout, and which migration it is at. Never throws: any
 * failure, or no answer in time (a connection attempt to a host that does not reply), means down.
 */
export async function checkDatabase(ctx: AppContext, { timeoutMs = DATABASE_PING_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<DatabaseCheck> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<DatabaseCheck>((resolve) => {
    timer = setTimeout(() => resolve({ database: 'down' }), timeoutMs);
  });
  // The ping keeps its own handlers, so a late rejection after the timeout is not left unhandled.
  const ping = healthRepository.appliedMigration(ctx.db).then(
    (applied): DatabaseCheck => ({ database: 'up', migration: migrationTag(applied) }),
    (): DatabaseCheck => ({ database: 'down' }),
  );
  try {
    return await Promise.race([ping, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** The database this instance runs on, as health names it. */
export function databaseKindOf(ctx: AppContext): 'embedded' | 'postgresql' {
  return databaseKind(ctx.db);
}
