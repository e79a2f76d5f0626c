import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Webhooks (docs/decisions/0044-webhooks.md, migration 0030). An endpoint is one user's (an agency
 * or an admin); its Standard Webhooks secret is sealed at rest (lib/sealing.ts). Events are written
 * in the transaction of the change they describe with a delivery per subscribed endpoint; workers
 * claim due deliveries with FOR UPDATE SKIP LOCKED and a lease, as the email outbox does.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** Event names, or `['*']` for every one. */
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The first failed attempt since the last success; five days of failures disable the endpoint. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_owner_idx').on(t.ownerId, t.id)],
);

export const webhookEvents = pgTable('webhook_events', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  type: text('type').notNull(),
  ownerId: integer('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  orderId: integer('order_id'),
  /** The body sent: `{type, timestamp, data}`. */
  payload: jsonb('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** The event's order, so a claim keeps one order's events in sequence per endpoint. */
    orderId: integer('order_id'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts started, the one in flight included; also fences a claim. */
    attempts: integer('attempts').notNull().default(0),
    /** Attempts made before the current schedule began (a manual retry starts a new one). */
    scheduleStart: integer('schedule_start').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_order_idx')
      .on(t.endpointId, t.orderId, t.id)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
