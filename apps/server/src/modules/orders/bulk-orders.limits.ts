import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { agencyIdOf, currentUser } from '../../lib/access.js';

/**
 * The per-tenant limit of POST /api/order/bulk (docs/decisions/0015-rate-limits.md): an agency and
 * its associates share one bucket, so a team cannot fill the spreadsheet pool by spreading uploads
 * over its members. Runs in preHandler, after authentication (onRequest) has found the caller.
 */
export function bulkImportRateLimit(perMinute: number) {
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const user = currentUser(request);
        return `bulk-import:${agencyIdOf(user) ?? `user-${user.id}`}`;
      },
      errorResponseBuilder: () => new AppError('rate_limit.exceeded'),
    },
  };
}
