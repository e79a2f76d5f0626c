import type { z } from 'zod';
import { billingMessages, dollarsToCents, normaliseCardNumber, type addBalanceInfoSchema, type payOrderInfoSchema } from '@copydesk/shared';
import { sqlState, type DbOrTx, type Transaction } from '../../db/client.js';
import type { PaymentAttemptDetails, UserRow } from '../../db/schema/index.js';
import { agencyIdOf, assertCan, assertVerified, can, scopes } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { nothingToFinish, type FinishInTransaction } from '../../lib/idempotency.js';
import type { CardSource } from '../../lib/payment-gateway.js';
import { today } from '../coupons/coupon-rules.js';
import { usersRepository } from '../users/users.repository.js';
import { billingRepository } from './billing.repository.js';
import { bookAdminCredit, bookOrderPayment, OrderInFlight, quoteOrderPayment } from './booking.js';
import { paymentAttemptsRepository as attempts, type PaymentAttemptRow } from './payment-attempts.repository.js';
import { ATTEMPT_LEASE_MS, chargeAndSettle, gatewayKeyOf, reconcileAttempt, requestKeyOf } from './payment-settlement.js';

/**
 * Money movements: order payments from the wallet or by card, and top-ups, all booked through
 * booking.ts (docs/decisions/0003-one-booking-routine.md). Wallet payments and admin credits are one
 * transaction each. Card payments reserve an attempt, charge the gateway outside any transaction,
 * then settle (payment-settlement.ts, docs/decisions/0005-card-payments-in-three-steps.md).
 */

type PayInfo = z.output<typeof payOrderInfoSchema>;
type AddBalanceInfo = z.output<typeof addBalanceInfoSchema>;

const billingAddress = (info: {
  nameOnCard?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  zipCode?: string | null;
}) => ({
  billingName: info.nameOnCard?.trim() || null,
  billingAddress: info.address?.trim() || null,
  billingCity: info.city?.trim() || null,
  billingState: info.state?.trim() || null,
  billingCountry: info.country?.trim() || null,
  billingZip: info.zipCode?.trim() || null,
});

/** The card a payload describes: the gateway source, and the saved card's row when it names one. */
async function cardSourceOf(db: Transaction | AppContext['db'], agencyId: number, info: PayInfo | AddBalanceInfo, type: 'SavedCard' | 'NewCard') {
  if (type === 'SavedCard') {
    const card = info.savedCardid ? await billingRepository.findSavedCard(db, agencyId, info.savedCardid) : null;
    if (!card) throw AppError.field('card.saved_card_unknown', 'savedCardid');
    return {
      source: { kind: 'saved', gatewayRef: card.gatewayRef } as CardSource,
      saved: { last4: card.last4, expMonth: card.expMonth, expYear: card.expYear },
    };
  }
  const save = info.saveCard === true;
  if (info.paymentMethodId) return { source: { kind: 'payment-method', paymentMethodId: info.paymentMethodId, save } as CardSource, saved: null };
  return {
    source: {
      kind: 'new',
      save,
      card: {
        number: normaliseCardNumber(info.cardNumber ?? ''),
        expMonth: Number(info.month),
        expYear: Number(info.year),
        cvc: String(info.cardCvc ?? ''),
        name: info.nameOnCard ?? '',
      },
    } as CardSource,
    saved: null,
  };
}

/** Maps the ledger's refusals (overdraft, out of range) to the customer's messages. */
function moneyError(err: unknown): unknown {
  if (sqlState(err) === '23514' && /wallets_balance_check/.test(String((err as { cause?: { message?: string } }).cause?.message))) {
    return AppError.field('wallet.insufficient_funds', 'payment_type');
  }
  if (sqlState(err) === '22003') return AppError.field('wallet.amount_invalid', 'balance');
  return err;
}

async function withMoneyErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw moneyError(err);
  }
}

const moneyTransaction = <T>(ctx: AppContext, work: (tx: Transaction) => Promise<T>): Promise<T> => withMoneyErrors(() => ctx.db.transaction(work));

/**
 * Runs a payment step; when a card attempt holds the order and its request died (untouched for a
 * lease), settles that attempt and runs the step once more. Otherwise the customer waits for it
 * rather than paying twice.
 */
async function unlessCardInFlight<T>(ctx: AppContext, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    if (!(err instanceof OrderInFlight)) throw err;
    const stale = await attempts.claimIfStale(ctx.db, err.attemptId, ATTEMPT_LEASE_MS);
    if (!stale) throw new AppError('payment.in_progress');
    await reconcileAttempt(ctx, stale);
  }
  try {
    return await step();
  } catch (again) {
    if (again instanceof OrderInFlight) throw new AppError('payment.in_progress');
    throw again;
  }
}

/** Reserves a card attempt inside `tx` and sets its gateway key; the unique indexes guard races. */
async function reserveAttempt(tx: Transaction, values: Parameters<typeof attempts.reserve>[1]): Promise<PaymentAttemptRow> {
  const attempt = await attempts.reserve(tx, values);
  if (!attempt) {
    const inFlight = values.orderId ? await attempts.inFlightForOrder(tx, values.orderId) : null;
    if (inFlight) throw new OrderInFlight(inFlight.id);
    throw new AppError('idempotency.in_progress');
  }
  const gatewayKey = gatewayKeyOf(attempt.agencyId, attempt.id);
  await attempts.setGatewayKey(tx, attempt.id, gatewayKey);
  return { ...attempt, gatewayKey };
}

/** A retry of a request whose attempt exists continues that attempt, if it is the same payment. */
function assertSameRequest(attempt: PaymentAttemptRow, expected: { kind: 'order' | 'topup'; orderId?: number; amountCents?: number }) {
  const same =
    attempt.kind === expected.kind &&
    (expected.orderId === undefined || attempt.orderId === expected.orderId) &&
    (expected.amountCents === undefined || attempt.amountCents === expected.amountCents);
  if (!same) throw AppError.field('idempotency.key_reused', 'Idempotency-Key');
}

/**
 * POST /order/pay. `finish` stores the answer under the request's Idempotency-Key inside the
 * booking transaction, so a crash after the commit cannot let a retry pay again.
 */
export async function payOrder(
  ctx: AppContext,
  actor: UserRow,
  { info, idempotencyKey, finish = nothingToFinish }: { info: PayInfo; idempotencyKey: string; finish?: FinishInTransaction },
) {
  const agencyId = agencyIdOf(actor);
  if (agencyId === null) throw new AppError('auth.forbidden');
  if (info.payment_type !== 'Balance') assertCan(actor, 'orders.pay.card', 'payment.wallet_only');
  assertVerified(actor);
  const orderId = info.order_id!;
  const couponRef = info.coupon_id ? { id: info.coupon_id } : info.coupon_code?.trim() ? { code: info.coupon_code } : null;
  const description = `Order Payment #${orderId}`;

  const payment = { orderId, agencyId, userId: actor.id, scope: scopes.orders(actor), coupon: couponRef, today: today(), description };

  if (info.payment_type === 'Balance') {
    const book = async (db: DbOrTx) => {
      const booked = await bookOrderPayment(ctx.config, db, { ...payment, method: 'Balance' });
      return { message: billingMessages.paid, payment_id: booked.paymentId, offer_message: booked.offerMessage };
    };
    // The routine books all or nothing as one statement, so without an answer to store under an
    // Idempotency-Key it runs alone: one round trip, no BEGIN and COMMIT around it.
    if (finish === nothingToFinish) return unlessCardInFlight(ctx, () => withMoneyErrors(() => book(ctx.db)));
    return unlessCardInFlight(ctx, () =>
      moneyTransaction(ctx, async (tx) => {
        const done = await book(tx);
        await finish(tx, done);
        return done;
      }),
    );
  }

  const method = info.payment_type;
  const requestKey = requestKeyOf(actor.id, 'order.pay', idempotencyKey);
  const earlier = await attempts.findByRequestKey(ctx.db, actor.id, requestKey);
  if (earlier) {
    assertSameRequest(earlier, { kind: 'order', orderId });
    const card = await cardSourceOf(ctx.db, agencyId, info, method);
    return chargeAndSettle(ctx, earlier, card.source);
  }

  const reserved = await unlessCardInFlight(ctx, () =>
    moneyTransaction(ctx, async (tx) => {
      // The charge is decided by the booking routine's own rules, under the order's and the coupon's locks.
      const terms = await quoteOrderPayment(tx, payment);
      const card = await cardSourceOf(tx, agencyId, info, method);
      if (terms.chargeCents === 0) {
        // Paid in full by the coupon: nothing to charge, so it is booked at once.
        const booked = await bookOrderPayment(ctx.config, tx, { ...payment, method, billing: billingAddress(info) });
        const done = { message: billingMessages.paid, payment_id: booked.paymentId, offer_message: booked.offerMessage };
        await finish(tx, done);
        return { done };
      }
      const details: PaymentAttemptDetails = { ...billingAddress(info), savedCard: card.saved };
      const attempt = await reserveAttempt(tx, {
        kind: 'order',
        agencyId,
        userId: actor.id,
        orderId,
        requestKey,
        method,
        subtotalCents: terms.subtotalCents,
        discountCents: terms.discountCents,
        amountCents: terms.chargeCents,
        couponId: terms.couponId,
        description,
        details,
        gateway: ctx.gateway.name,
      });
      return { attempt, source: card.source };
    }),
  );
  if ('done' in reserved) return reserved.done;
  return chargeAndSettle(ctx, reserved.attempt, reserved.source);
}

/** POST /billing/addBalance: an agency tops up by card; an admin credits an agency (its answer stored by `finish` in the same transaction). */
export async function addBalance(
  ctx: AppContext,
  actor: UserRow,
  { info, idempotencyKey, finish = nothingToFinish }: { info: AddBalanceInfo; idempotencyKey: string; finish?: FinishInTransaction },
) {
  const amountCents = dollarsToCents(info.balance!)!;

  if (can(actor, 'wallet.credit')) {
    if (!info.balanceByAdmin) throw AppError.field('wallet.agency_unknown', 'agency');
    const agency = await usersRepository.findAgency(ctx.db, info.agency!);
    if (!agency) throw AppError.field('wallet.agency_unknown', 'agency');
    return moneyTransaction(ctx, async (tx) => {
      const description = info.description!.trim();
      await bookAdminCredit(tx, { agencyId: agency.id, adminId: actor.id, amountCents, description });
      const answer = { message: billingMessages.balanceCredited(agency.companyName || agency.name) };
      await finish(tx, answer);
      return answer;
    });
  }

  // The route lets in only who may credit or top up (its endpoint entry's access): this is a top-up.
  if (info.balanceByAdmin) throw new AppError('auth.forbidden');
  const agencyId = actor.id;
  const method = info.savedCardid ? 'SavedCard' : 'NewCard';
  const card = await cardSourceOf(ctx.db, agencyId, info, method);
  const requestKey = requestKeyOf(actor.id, 'billing.addBalance', idempotencyKey);
  const earlier = await attempts.findByRequestKey(ctx.db, actor.id, requestKey);
  if (earlier) {
    assertSameRequest(earlier, { kind: 'topup', amountCents });
    return chargeAndSettle(ctx, earlier, card.source);
  }
  const attempt = await moneyTransaction(ctx, (tx) =>
    reserveAttempt(tx, {
      kind: 'topup',
      agencyId,
      userId: actor.id,
      requestKey,
      method,
      subtotalCents: amountCents,
      amountCents,
      description: info.description?.trim() || 'Add balance',
      details: { ...billingAddress(info), savedCard: card.saved },
      gateway: ctx.gateway.name,
    }),
  );
  return chargeAndSettle(ctx, attempt, card.source);
}
