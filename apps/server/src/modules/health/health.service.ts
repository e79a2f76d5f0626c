import type { AppContext } from '../../lib/app-context.js';
import { healthRepository } from './health.repository.js';

/** Long enough for a busy pool, short enough for a load balancer's probe. */
export const DATABASE_PING_TIMEOUT_MS = 1_500;

/**
 * Whether the database answers a `select 1` within the timeout. Never throws: any failure, or no
 * answer in time (a connection attempt to a host that does not reply), means down.
 */
export async function checkDatabase(ctx: AppContext, { timeoutMs = DATABASE_PING_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  // The ping keeps its own handlers, so a late rejection after the timeout is not left unhandled.
  const ping = healthRepository.ping(ctx.db).then(
    () => 'up' as const,
    () => 'down' as const,
  );
  try {
    return await Promise.race([ping, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
