import { z } from 'zod';

/** GET /health: 200 while the instance can serve, 503 while its database is unreachable. */
export const healthUpResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export const healthDownResponseSchema = z.object({ status: z.literal('unavailable'), database: z.literal('down') });
