import type { WebhookEvent } from '@copydesk/shared';
import { WEBHOOK_TEST_EVENT } from '@copydesk/shared';
import type { DbOrTx } from '../../db/client.js';
import { webhooksRepository } from './webhooks.repository.js';

/**
 * The webhook outbox's one writer (docs/decisions/0044-webhooks.md). The writer of a change calls
 * `recordWebhookEvent` with the transaction that makes the change, so the event commits or rolls
 * back with it: booking.ts (order.paid, refund.created, wallet.low_balance), item-lifecycle.ts
 * (content.delivered, content.revision_requested, content.approved, order.completed) and the order
 * creation (order.created). Events belong to the agency (an associate's order is its agency's);
 * an admin's endpoints receive only their own test events.
 *
 * Fan-out happens here, at write time: one delivery per endpoint subscribed now, so an endpoint
 * added later does not receive the past, and a change nobody subscribes to writes nothing.
 */

export type WebhookEventType = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

/**
 * The API's own shapes for an event's `data`, built from the same serialisers as its answers. The
 * orders module provides them (app.ts): billing, which writes order.paid, sits below it
 * (SERVER_LAYERS in eslint.config.js) and cannot import them.
 */
export interface WebhookData {
  /** The order as `GET /api/order/getById/{id}` answers it (without its message). */
  order(db: DbOrTx, orderId: number): Promise<unknown>;
  /** The item as that answer's `content` lists it. */
  item(db: DbOrTx, itemId: number): Promise<unknown>;
}

let provided: WebhookData | null = null;

export function provideWebhookData(data: WebhookData) {
  provided = data;
}

export function webhookData(): WebhookData {
  if (!provided) throw new Error('webhook data serialisers not provided (app.ts calls provideWebhookData)');
  return provided;
}

export interface EventToRecord {
  type: WebhookEventType;
  /** The agency (or, for a test event, the endpoint's owner). */
  ownerId: number;
  orderId: number | null;
  /** Built only when an endpoint receives the event. */
  data: () => Promise<unknown>;
  at?: Date;
  /** Only this endpoint (a test event); default: every endpoint of the owner subscribed to `type`. */
  endpointId?: number;
}

/** Whether the owner has an endpoint receiving any of these events: writers with extra reads to do for an event ask this first. */
export function hasWebhookFor(db: DbOrTx, ownerId: number, types: readonly WebhookEventType[]): Promise<boolean> {
  return webhooksRepository.anySubscribed(db, ownerId, types);
}

/** Writes the event and its deliveries in `db`'s transaction; returns the event id, or null when nobody receives it. */
export async function recordWebhookEvent(db: DbOrTx, event: EventToRecord): Promise<number | null> {
  const endpointIds = event.endpointId !== undefined ? [event.endpointId] : await webhooksRepository.subscribedTo(db, event.ownerId, event.type);
  if (!endpointIds.length) return null;
  const at = event.at ?? new Date();
  const payload = { type: event.type, timestamp: at.toISOString(), data: await event.data() };
  return webhooksRepository.insertEvent(db, { type: event.type, ownerId: event.ownerId, orderId: event.orderId, payload, endpointIds, at });
}
