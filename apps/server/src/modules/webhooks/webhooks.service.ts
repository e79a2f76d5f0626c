import { randomBytes } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, webhookMessages, type CreateWebhookInput, type WebhookDelivery } from '@copydesk/shared';
import type { UserRow, WebhookEndpointRow } from '../../db/schema/index.js';
import { assertCan } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { offsetOf, pageMeta } from '../../lib/pagination.js';
import { seal } from '../../lib/sealing.js';
import { recordWebhookEvent } from './events.js';
import { checkWebhookUrl, systemLookup, type Lookup } from './url-guard.js';
import { webhooksRepository } from './webhooks.repository.js';

/**
 * Webhook endpoints (docs/decisions/0044-webhooks.md): an agency's or admin's own, managed from a
 * signed-in session (the entries refuse API keys). Each caller reaches only the endpoints it owns;
 * another's answers 404 as a missing one does.
 */

type Actor = Pick<UserRow, 'id' | 'role' | 'agencyId'>;

/** Seals the signing secrets at rest (lib/sealing.ts); the label keeps this key apart from other uses of APP_KEY. */
export const SECRET_PURPOSE = 'webhook signing secret v1';

export const sealSecret = (ctx: Pick<AppContext, 'config'>, secret: string) => seal(ctx.config.appKey, SECRET_PURPOSE, secret);

const webhookDto = (row: WebhookEndpointRow) => ({
  id: row.id,
  url: row.url,
  events: row.events as CreateWebhookInput['events'],
  created_at: row.createdAt.toISOString(),
  disabled_at: row.disabledAt?.toISOString() ?? null,
});

async function ownEndpoint(ctx: AppContext, actor: Actor, id: number) {
  const endpoint = await webhooksRepository.findOf(ctx.db, actor.id, id);
  if (!endpoint) throw new AppError('webhook.not_found');
  return endpoint;
}

export async function createWebhook(ctx: AppContext, actor: Actor, input: CreateWebhookInput, { lookup = systemLookup }: { lookup?: Lookup } = {}) {
  assertCan(actor, 'developers.manage');
  const checked = await checkWebhookUrl(ctx.config.webhooks, input.url, lookup);
  if (!checked.ok) throw AppError.field(checked.code, 'url', checked.message);
  const limit = ctx.config.webhooks.endpointsPerAccount;
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const row = await ctx.db.transaction(async (tx) => {
    // The owner's row lock makes two concurrent additions count one after the other.
    await webhooksRepository.lockOwner(tx, actor.id);
    if ((await webhooksRepository.countOf(tx, actor.id)) >= limit) {
      throw AppError.field('webhook.too_many', 'url', webhookMessages.tooMany(limit));
    }
    return webhooksRepository.insertEndpoint(tx, { ownerId: actor.id, url: input.url, events: input.events, secretSealed: sealSecret(ctx, secret) });
  });
  return { id: row.id, url: row.url, events: input.events, secret, created_at: row.createdAt.toISOString() };
}

export async function listWebhooks(ctx: AppContext, actor: Actor) {
  assertCan(actor, 'developers.manage');
  return { data: (await webhooksRepository.listOf(ctx.db, actor.id)).map(webhookDto) };
}

export async function deleteWebhook(ctx: AppContext, actor: Actor, id: number) {
  assertCan(actor, 'developers.manage');
  if (!(await webhooksRepository.deleteOf(ctx.db, actor.id, id))) throw new AppError('webhook.not_found');
  return { message: webhookMessages.deleted };
}

export async function listDeliveries(
  ctx: AppContext,
  actor: Actor,
  { id, query }: { id: number; query: { page: number; limit: number; sort_column: 'id' | 'created_at'; sort_order: 'asc' | 'desc' } },
) {
  assertCan(actor, 'developers.manage');
  const endpoint = await ownEndpoint(ctx, actor, id);
  const { rows, total } = await webhooksRepository.deliveriesOf(ctx.db, endpoint.id, {
    limit: query.limit,
    offset: offsetOf(query),
    sortColumn: query.sort_column,
    sortOrder: query.sort_order,
  });
  const data: WebhookDelivery[] = rows.map((r) => ({
    id: r.id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    last_status_code: r.lastStatusCode,
    last_error: r.lastError,
    next_attempt_at: r.nextAttemptAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, meta: pageMeta(query, total, rows.length) };
}

/**
 * Sends a delivery again at once, in a new schedule. The owner asking is also the owner saying the
 * endpoint works again: a disabled endpoint is enabled (as by a test event).
 */
export async function retryDelivery(ctx: AppContext, actor: Actor, { id, deliveryId }: { id: number; deliveryId: number }, now = new Date()) {
  assertCan(actor, 'developers.manage');
  await ctx.db.transaction(async (tx) => {
    const endpoint = await webhooksRepository.findOf(tx, actor.id, id);
    if (!endpoint) throw new AppError('webhook.not_found');
    if ((await webhooksRepository.retry(tx, endpoint.id, deliveryId, now)) === 'not_found') throw new AppError('webhook.delivery_not_found');
    if (endpoint.disabledAt) await webhooksRepository.enable(tx, endpoint.id);
  });
  return { message: webhookMessages.retryQueued };
}

/** Queues a `webhook.test` event for this endpoint only (and enables it if it was disabled). */
export async function testWebhook(ctx: AppContext, actor: Actor, id: number, now = new Date()) {
  assertCan(actor, 'developers.manage');
  await ctx.db.transaction(async (tx) => {
    const endpoint = await webhooksRepository.findOf(tx, actor.id, id);
    if (!endpoint) throw new AppError('webhook.not_found');
    if (endpoint.disabledAt) await webhooksRepository.enable(tx, endpoint.id);
    await recordWebhookEvent(tx, {
      type: WEBHOOK_TEST_EVENT,
      ownerId: actor.id,
      orderId: null,
      endpointId: endpoint.id,
      at: now,
      data: async () => ({ webhook_id: endpoint.id, url: endpoint.url, message: webhookMessages.testEventData }),
    });
  });
  return { message: webhookMessages.testQueued };
}
