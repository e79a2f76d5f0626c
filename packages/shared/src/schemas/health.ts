import { z } from 'zod';

/** Which database an instance runs on: the embedded one (PGlite) or a PostgreSQL server. */
export const databaseKindSchema = z.enum(['embedded', 'postgresql']);

/**
 * GET /health (liveness): 200 while the instance can serve, 503 while its database is unreachable.
 * The 200 names the database kind and the newest migration applied to it (its tag, as in
 * apps/server/src/db/migrations/meta/_journal.json; null before any is applied).
 */
export const healthUpResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('up'),
  kind: databaseKindSchema,
  migration: z.string().nullable(),
});
export const healthDownResponseSchema = z.object({ status: z.literal('unavailable'), database: z.literal('down'), kind: databaseKindSchema });

/**
 * GET /health/ready (readiness): 200 while this instance should take traffic; 503 while its database
 * is unreachable, and from the first moment it shuts down (then with the framework's own 503 body).
 */
export const readinessUpResponseSchema = z.object({ status: z.literal('ready') });
export const readinessDownResponseSchema = z.object({ status: z.literal('not_ready'), reason: z.enum(['database_down', 'shutting_down']) });
