import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../lib/interval-job.js';
import { Webhook } from 'standardwebhooks';
import { webhookMessages } from '@copydesk/shared';
import type { AppContext } from '../../lib/app-context.js';
import { unseal } from '../../lib/sealing.js';
import { outboxRepository } from '../mail/outbox.repository.js';
import { emails } from '../mail/emails.js';
import { checkWebhookUrl, systemLookup, type Lookup, type Target } from './url-guard.js';
import { SECRET_PURPOSE } from './webhooks.service.js';
import { webhooksRepository, type ClaimedDelivery } from './webhooks.repository.js';

/**
 * The webhook delivery worker (docs/decisions/0044-webhooks.md), an interval job beside the email
 * outbox's: it claims due deliveries in one short statement (webhooksRepository.claimDue: FOR
 * UPDATE SKIP LOCKED and a lease, safe on several instances), posts each outside any transaction,
 * and records the outcome in another short statement fenced by the claim's attempt number.
 */

/** Seconds to wait after the 1st, 2nd, … failed attempt of a schedule; after the last, the delivery fails. */
export const RETRY_DELAYS_S = [5, 30, 2 * 60, 10 * 60, 60 * 60, 6 * 60 * 60, 12 * 60 * 60, 24 * 60 * 60] as const;
/** ± this share of each delay, so endpoints that failed together are not retried together. */
export const RETRY_JITTER = 0.2;
/** An endpoint failing for this long without a success is disabled, and its owner emailed. */
export const DISABLE_AFTER_MS = 5 * 24 * 60 * 60 * 1000;
/** One attempt: connection, request and the answer's headers. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claim outlives one attempt with room to spare; a worker that died leaves it due after this. */
export const DELIVERY_LEASE_SECONDS = 60;

/** When the next attempt is due after the `attemptInSchedule`-th failed, or null when that was the last. */
export function nextAttemptAt(now: Date, attemptInSchedule: number, random: () => number = Math.random): Date | null {
  const delay = RETRY_DELAYS_S[attemptInSchedule - 1];
  if (delay === undefined) return null;
  const jitter = 1 + RETRY_JITTER * (2 * random() - 1);
  return new Date(now.getTime() + Math.round(delay * jitter * 1000));
}

export interface Attempt {
  statusCode: number | null;
  error: string | null;
}

/**
 * POSTs to the checked address: the `lookup` hands the connection the address the guard passed,
 * whatever DNS answers now, and the host name still names the server (Host, TLS SNI and the
 * certificate check). No redirect is followed (node's http never follows one); a 3xx is a failure.
 */
export function post(target: Target, headers: Record<string, string>, body: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<Attempt> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (attempt: Attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(attempt);
    };
    const request = client.request(
      target.url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: pinned, agent: false },
      (response) => {
        response.resume();
        response.on('error', () => {});
        const statusCode = response.statusCode ?? 0;
        finish({ statusCode, error: statusCode >= 200 && statusCode < 300 ? null : webhookMessages.deliveryStatus(statusCode) });
        request.destroy();
      },
    );
    const timer = setTimeout(() => {
      finish({ statusCode: null, error: webhookMessages.deliveryTimeout(timeoutMs / 1000) });
      request.destroy();
    }, timeoutMs);
    request.on('error', (err) => finish({ statusCode: null, error: err.message }));
    request.end(body);
  });
}

export interface WebhookWorkerOptions {
  /** The clock of the schedule: what is due, the next attempt, five days of failures. */
  now?: () => Date;
  lookup?: Lookup;
  random?: () => number;
  batch?: number;
  leaseSeconds?: number;
  timeoutMs?: number;
  /** True once the app is closing: the claims not attempted yet are handed back at once. */
  stopping?: () => boolean;
}

async function attempt(ctx: AppContext, delivery: ClaimedDelivery, lookup: Lookup, timeoutMs: number): Promise<Attempt> {
  // Checked again now, on what the host resolves to now: an address that passed when the endpoint
  // was added may lead inside since (DNS rebinding), and that attempt fails without connecting.
  const checked = await checkWebhookUrl(ctx.config.webhooks, delivery.url, lookup);
  if (!checked.ok) return { statusCode: null, error: checked.message };
  const secret = unseal(ctx.config.appKey, SECRET_PURPOSE, delivery.secretSealed);
  if (secret === null) return { statusCode: null, error: webhookMessages.deliverySecretUnreadable };
  const body = JSON.stringify(delivery.payload);
  const messageId = `msg_${delivery.id}`;
  // The signature's timestamp is the wall clock, not the schedule's: receivers compare it with theirs.
  const sentAt = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Copydesk-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
  };
  return post(checked.target, headers, body, timeoutMs);
}

/** Delivers what is due: one batch of claims; returns how many it attempted and how many succeeded. */
export async function deliverDueWebhooks(ctx: AppContext, options: WebhookWorkerOptions = {}): Promise<{ attempted: number; succeeded: number }> {
  const {
    now = () => new Date(),
    lookup = systemLookup,
    random = Math.random,
    batch = 10,
    leaseSeconds = DELIVERY_LEASE_SECONDS,
    timeoutMs = DELIVERY_TIMEOUT_MS,
    stopping = () => false,
  } = options;
  const { db } = ctx;
  const claimed = await webhooksRepository.claimDue(db, { now: now(), limit: batch, leaseSeconds });
  let attempted = 0;
  let succeeded = 0;
  for (const delivery of claimed) {
    const start = now();
    // Shutting down: the lease ends now, so another instance takes the delivery at once.
    if (stopping()) {
      await webhooksRepository.renewClaim(db, delivery.id, delivery.attempts, start);
      continue;
    }
    // Earlier attempts of this batch may have been slow: only send what is still ours.
    if (!(await webhooksRepository.renewClaim(db, delivery.id, delivery.attempts, new Date(start.getTime() + leaseSeconds * 1000)))) continue;
    attempted++;
    const result = await attempt(ctx, delivery, lookup, timeoutMs);
    const at = now();
    await db.transaction(async (tx) => {
      if (result.error === null) {
        const recorded = await webhooksRepository.recordAttempt(tx, delivery.id, delivery.attempts, {
          status: 'succeeded',
          statusCode: result.statusCode,
          error: null,
          nextAttemptAt: null,
        });
        if (recorded) await webhooksRepository.endpointSucceeded(tx, delivery.endpointId);
        return;
      }
      const next = nextAttemptAt(at, delivery.attempts - delivery.scheduleStart, random);
      const recorded = await webhooksRepository.recordAttempt(tx, delivery.id, delivery.attempts, {
        status: next ? 'pending' : 'failed',
        statusCode: result.statusCode,
        error: result.error,
        nextAttemptAt: next,
      });
      if (!recorded) return;
      ctx.log?.warn({ webhookDeliveryId: delivery.id, attempts: delivery.attempts, error: result.error }, 'webhook delivery failed');
      const failingSince = await webhooksRepository.endpointFailed(tx, delivery.endpointId, at);
      if (failingSince && at.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS) {
        const owner = await webhooksRepository.disable(tx, delivery.endpointId, at);
        if (owner) {
          const days = Math.floor(DISABLE_AFTER_MS / 86_400_000);
          await outboxRepository.enqueue(
            tx,
            emails.webhookDisabled(
              owner.email,
              owner.name,
              {
                subject: webhookMessages.disabledSubject,
                body: webhookMessages.disabledBody(owner.url, days),
                action: webhookMessages.disabledAction,
                footer: webhookMessages.disabledFooter,
              },
              `${ctx.config.publicUrl}/settings/developers`,
            ),
          );
        }
      }
    });
    if (result.error === null) succeeded++;
  }
  return { attempted, succeeded };
}

/**
 * Runs the worker every WEBHOOK_INTERVAL_MS while the app runs (lib/interval-job.ts). Closing the
 * app stops it: the attempt under way finishes, the rest of the batch is handed back, and the pass
 * ends before the database closes, as the email outbox does.
 */
export function startWebhookWorker(app: FastifyInstance, intervalMs = app.config.webhooks.intervalMs) {
  startIntervalJob(app, { name: 'webhook delivery pass', intervalMs, run: (pass) => deliverDueWebhooks(app.ctx, pass) });
}
