import { z } from 'zod';
import { webhookMessages } from '../messages.js';
import { pageMetaSchema, pagedQuerySchema } from './common.js';

/**
 * Webhooks (docs/decisions/0044-webhooks.md): an agency's or admin's endpoints, the events each
 * receives, and the log of their deliveries. The server checks the address further (https, the
 * addresses its host resolves to); the contract checks only its form.
 */

/** Every event a webhook may subscribe to, in the order a journey meets them. */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.paid',
  'content.delivered',
  'content.revision_requested',
  'content.approved',
  'order.completed',
  'refund.created',
  'wallet.low_balance',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event `POST /webhooks/{id}/test` sends; no subscription names it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** An address is at most this long (what browsers and proxies reliably carry). */
export const WEBHOOK_URL_MAX = 2000;

const webhookEventsSchema = z
  .array(z.string().max(100), { error: webhookMessages.eventsRequired })
  .min(1, webhookMessages.eventsRequired)
  .max(WEBHOOK_EVENTS.length + 1)
  .superRefine((events, ctx) => {
    if (events.includes('*') && events.length > 1) ctx.addIssue({ code: 'custom', message: webhookMessages.eventsStarAlone });
    const unknown = events.filter((e) => e !== '*' && !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: webhookMessages.eventsUnknown(unknown) });
  })
  .transform((events) => [...new Set(events)] as ('*' | WebhookEvent)[]);

export const createWebhookSchema = z.object({
  url: z.string({ error: webhookMessages.urlRequired }).trim().min(1, webhookMessages.urlRequired).max(WEBHOOK_URL_MAX, webhookMessages.urlTooLong),
  events: webhookEventsSchema,
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

const subscribedEventsSchema = z.array(z.union([z.literal('*'), z.enum(WEBHOOK_EVENTS)]));

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: subscribedEventsSchema,
  created_at: z.string(),
  /** When deliveries stopped after five days of failures; null while it receives events. */
  disabled_at: z.string().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /webhooks: the new endpoint with its signing secret, shown in this answer only. */
export const createdWebhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: subscribedEventsSchema,
  secret: z.string().describe('whsec_ + base64 of 32 random bytes: the Standard Webhooks signing secret, shown once'),
  created_at: z.string(),
});

export const webhookListResponseSchema = z.object({ data: z.array(webhookSchema) });

export const webhookDeliverySchema = z.object({
  id: z.number(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  last_status_code: z.number().nullable(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERY_SORT_COLUMNS = ['id', 'created_at'] as const;
export const webhookDeliveriesQuerySchema = pagedQuerySchema(WEBHOOK_DELIVERY_SORT_COLUMNS, 20);
export const webhookDeliveriesResponseSchema = z.object({ data: z.array(webhookDeliverySchema), meta: pageMetaSchema });

export const webhookDeliveryParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  deliveryId: z.coerce.number().int().positive().max(2_147_483_647),
});
