import { z } from 'zod';

/** GET /dev/outbox (development only): the emails the portal would have sent, newest first. `created_at` is ISO 8601 text. */
export const outboxEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string().meta({ format: 'date-time' }),
});
export const outboxResponseSchema = z.object({ data: z.array(outboxEmailSchema) });
