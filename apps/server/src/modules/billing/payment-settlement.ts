import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { billingMessages } from '@copydesk/shared';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { IDEMPOTENCY_LEASE_MS } from '../../lib/idempotency.js';
import { startIntervalJob } from '../../lib/interval-job.js';
import type { CardSource, ChargeResult } from '../../lib/payment-gateway.js';
import { billingRepository } from './billing.repository.js';
import { bookCardTopup, bookOrderPayment } from './booking.js';
import { paymentAttemptsRepository as attempts, type PaymentAttemptRow } from './payment-attempts.repository.js';

/**
 * Card payments in three steps (docs/decisions/0005-card-payments-in-three-steps.md), so no
 * database transaction is open while a card gateway thinks:
 *
 * 1. reserve: a `pending` payment attempt is committed (order checked and its in-flight slot
 *    taken, coupon checked, amounts fixed);
 * 2. charge: the gateway is called with an idempotency key made of the agency and the attempt id
 *    (never the client's raw key), and what it took is recorded (`captured`);
 * 3. settle: one transaction books the payment (invoice, coupon use, ledger, order, offer) and
 *    marks the attempt `succeeded`; when booking is refused (the order was paid or changed
 *    meanwhile, the coupon ran out, was switched off, deleted or changed) the charge is refunded
 *    and the attempt ends `refunded`.
 *
 * A crash anywhere leaves an attempt `pending` or `captured`. The reconciliation pass (at start-up
 * and every two minutes, on every instance) claims attempts untouched for a lease, asks the gateway
 * under the attempt's key, and finishes them, so a captured charge always ends as a paid order, a
 * credited wallet, or a refund.
 */

/** An attempt untouched this long belongs to a request that died or gave up (default of PAYMENT_LEASE_MS). */
export const ATTEMPT_LEASE_MS = IDEMPOTENCY_LEASE_MS;

/** The key a retry of the same request finds its attempt by: the client's key never leaves here raw. */
export const requestKeyOf = (userId: number, scope: string, clientKey: string) =>
  createHash('sha256').update(`${userId}\n${scope}\n${clientKey}`).digest('hex');

/** The gateway's idempotency key: scoped to the agency and the attempt. */
export const gatewayKeyOf = (agencyId: number, attemptId: number) => `copydesk-agency-${agencyId}-payment-${attemptId}`;

const expiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** What a settled attempt answers: the same as the request that made it would have. */
export type SettledAnswer = { message: string; payment_id?: number; offer_message?: string | null };

function answerOf(attempt: Pick<PaymentAttemptRow, 'kind' | 'paymentId'>, offerMessage: string | null = null): SettledAnswer {
  return attempt.kind === 'order'
    ? { message: billingMessages.paid, payment_id: attempt.paymentId!, offer_message: offerMessage }
    : { message: billingMessages.balanceAdded };
}

/** Books a captured attempt in one transaction; refuses (AppError < 500) when it can no longer be. */
async function book(ctx: AppContext, attemptId: number): Promise<{ answer: SettledAnswer; booked: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const attempt = await attempts.lockForSettlement(tx, attemptId);
    if (!attempt) throw new AppError('request.not_found');
    if (attempt.status === 'succeeded') return { answer: answerOf(attempt), booked: false };
    if (attempt.status !== 'captured') throw new AppError('payment.not_completed', attempt.failure ?? undefined);
    const { details } = attempt;
    const card = attempt.card ?? details.savedCard;
    const cardFields = {
      gateway: attempt.gateway,
      chargeRef: attempt.chargeRef!,
      last4: card?.last4 ?? '0000',
      expiry: card ? expiry(card.expMonth, card.expYear) : '',
    };
    const { savedCard: _saved, ...billing } = details;

    let paymentId: number;
    let offerMessage: string | null = null;
    if (attempt.kind === 'order') {
      // The booking routine checks the order and the coupon again under their locks: a refusal here
      // (the order was paid or changed meanwhile, the coupon ran out, was switched off, deleted or
      // changed) refunds the charge (docs/decisions/0003-one-booking-routine.md).
      ({ paymentId, offerMessage } = await bookOrderPayment(ctx.config, tx, {
        method: attempt.method,
        orderId: attempt.orderId!,
        agencyId: attempt.agencyId,
        userId: attempt.userId,
        scope: { kind: 'agency', agencyId: attempt.agencyId },
        coupon: attempt.couponId ? { id: attempt.couponId } : null,
        // The coupon was valid the day the attempt was reserved; a pass after midnight keeps that day.
        today: attempt.createdAt.toISOString().slice(0, 10),
        description: attempt.description,
        attemptId: attempt.id,
        expected: { subtotalCents: attempt.subtotalCents, chargeCents: attempt.amountCents },
        card: cardFields,
        billing,
      }));
    } else {
      paymentId = await bookCardTopup(tx, {
        agencyId: attempt.agencyId,
        userId: attempt.userId,
        method: attempt.method,
        amountCents: attempt.amountCents,
        description: attempt.description,
        card: cardFields,
        billing,
      });
    }
    if (attempt.savedRef && attempt.card) {
      await billingRepository.insertSavedCard(tx, {
        agencyId: attempt.agencyId,
        userId: attempt.userId,
        gateway: attempt.gateway,
        gatewayRef: attempt.savedRef,
        brand: attempt.card.brand,
        last4: attempt.card.last4,
        expMonth: attempt.card.expMonth,
        expYear: attempt.card.expYear,
      });
    }
    await attempts.markSucceeded(tx, attempt.id, paymentId);
    return { answer: answerOf({ kind: attempt.kind, paymentId }, offerMessage), booked: true };
  });
}

/**
 * Settles a captured attempt: books it, or refunds the charge when booking is refused. Database
 * trouble leaves it captured for reconciliation and answers 503 (the money is safe, not lost).
 */
export async function settleCaptured(
  ctx: AppContext,
  attempt: Pick<PaymentAttemptRow, 'id' | 'chargeRef' | 'amountCents'>,
): Promise<{ answer: SettledAnswer; booked: boolean }> {
  try {
    return await book(ctx, attempt.id);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) {
      ctx.log?.error({ err, attemptId: attempt.id }, 'captured card payment not booked yet; reconciliation will retry');
      throw new AppError('payment.unconfirmed');
    }
    if (attempt.chargeRef) await refundAttempt(ctx, attempt, err.message);
    throw err;
  }
}

/** Gives back a captured charge that could not be booked. If the gateway is away, reconciliation retries. */
async function refundAttempt(ctx: AppContext, attempt: Pick<PaymentAttemptRow, 'id' | 'chargeRef' | 'amountCents'>, reason: string) {
  try {
    await ctx.gateway.refund(attempt.chargeRef!, attempt.amountCents);
    await attempts.markRefunded(ctx.db, attempt.id, reason);
  } catch (err) {
    ctx.log?.error({ err, attemptId: attempt.id }, 'refund of an unbooked card charge failed; reconciliation will retry');
    await attempts.noteFailure(ctx.db, attempt.id, reason).catch(() => undefined);
  }
}

/**
 * Step 2 and 3 for a reserved (or resumed) attempt: charge under the attempt's key, record the
 * capture, settle. A refusal by the gateway (4xx) ends the attempt `failed`; an unknown outcome
 * (time-out, connection lost) leaves it `pending` for reconciliation to ask about.
 */
export async function chargeAndSettle(ctx: AppContext, attempt: PaymentAttemptRow, source: CardSource): Promise<SettledAnswer> {
  if (attempt.status === 'succeeded') return answerOf(attempt);
  if (attempt.status === 'captured') return (await settleCaptured(ctx, attempt)).answer;
  let result: ChargeResult;
  try {
    result = await ctx.gateway.charge({
      agencyId: attempt.agencyId,
      amountCents: attempt.amountCents,
      description: attempt.description,
      source,
      idempotencyKey: attempt.gatewayKey!,
    });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) await attempts.markFailed(ctx.db, attempt.id, err.message);
    throw err;
  }
  if (!(await attempts.markCaptured(ctx.db, attempt.id, result))) {
    // Reconciliation gave up on this attempt while the gateway was answering: undo the charge.
    await ctx.gateway
      .refund(result.chargeRef, attempt.amountCents)
      .catch((err) => ctx.log?.error({ err, attemptId: attempt.id }, 'refund of a late charge failed'));
    throw new AppError('payment.refunded');
  }
  return (await settleCaptured(ctx, { ...attempt, chargeRef: result.chargeRef })).answer;
}

/** Reconciles one claimed attempt; answers what became of it. */
export async function reconcileAttempt(
  ctx: AppContext,
  attempt: PaymentAttemptRow,
): Promise<'succeeded' | 'failed' | 'refunded' | 'unsettled' | 'settled_elsewhere'> {
  let current = attempt;
  if (current.status === 'pending') {
    const found = await ctx.gateway.lookup(current.gatewayKey!);
    if (found.status === 'captured') {
      if (!(await attempts.markCaptured(ctx.db, current.id, found.result))) return 'unsettled';
      current = { ...current, status: 'captured', chargeRef: found.result.chargeRef, card: found.result.card, savedRef: found.result.savedRef };
    } else if (found.status === 'failed' || (found.status === 'not_found' && Date.now() - current.createdAt.getTime() >= ctx.gateway.lookupLagMs)) {
      await attempts.markFailed(ctx.db, current.id, billingMessages.gatewayUnavailable);
      return 'failed';
    } else {
      return 'unsettled';
    }
  }
  try {
    return (await settleCaptured(ctx, current)).booked ? 'succeeded' : 'settled_elsewhere';
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return 'refunded';
    return 'unsettled';
  }
}

/**
 * One reconciliation pass: attempts untouched for a lease (up to `batch`, oldest first; the next
 * pass takes the rest) are asked about and finished.
 */
export async function reconcilePayments(ctx: AppContext, options: { leaseMs?: number; batch?: number } = {}) {
  const counts = { succeeded: 0, failed: 0, refunded: 0, unsettled: 0, settled_elsewhere: 0 };
  const claimed = await attempts.claimStale(ctx.db, options.leaseMs ?? ctx.config.paymentLeaseMs ?? ATTEMPT_LEASE_MS, options.batch ?? 200);
  for (const attempt of claimed) {
    try {
      counts[await reconcileAttempt(ctx, attempt)] += 1;
    } catch (err) {
      counts.unsettled += 1;
      ctx.log?.error({ err, attemptId: attempt.id }, 'payment reconciliation failed for an attempt; next pass retries');
    }
  }
  if (claimed.length) ctx.log?.info({ reconciled: counts }, 'payment reconciliation pass');
  return counts;
}

/** Reconciliation a few seconds after start-up, then every PAYMENT_RECONCILE_INTERVAL_MS (two minutes). */
export function startPaymentReconciliation(app: FastifyInstance, options: { firstRunMs?: number; intervalMs?: number } = {}) {
  const { ctx } = app;
  startIntervalJob(app, {
    name: 'payment reconciliation pass',
    firstRunMs: options.firstRunMs ?? 5_000,
    intervalMs: options.intervalMs ?? app.config.paymentReconcileIntervalMs ?? 2 * 60_000,
    run: async () => {
      await reconcilePayments(ctx);
    },
  });
}
