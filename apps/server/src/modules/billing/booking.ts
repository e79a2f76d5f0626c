import { billingMessages, centsToDollars, formatMoney } from '@copydesk/shared';
import type { Config } from '../../config.js';
import type { DbOrTx, Transaction } from '../../db/client.js';
import type { PaymentAttemptDetails } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { paymentOutcomes } from '../../lib/metrics.js';
import { couponRefusalError } from '../coupons/coupon-rules.js';
import { hasWebhookFor, recordWebhookEvent, webhookData } from '../webhooks/events.js';
import { webhooksRepository } from '../webhooks/webhooks.repository.js';
import { billingRepository, type BookingRefusal, type OrderPaymentBooking, type PaymentTermsQuery } from './billing.repository.js';

/**
 * The booking layer (docs/decisions/0003-one-booking-routine.md): every write of money goes through
 * here. Order payments, from the wallet or by card, are booked by one SQL routine
 * (`book_order_payment`, migration 0017), the only code that knows the coupon rules, the discount
 * rounding, the offer threshold, item release and the due date; refunds by `book_refund` beside it.
 * Top-ups and admin credits are a payment and its ledger entry.
 */

/** A card attempt holds the order: thrown out of a payment step to be settled or waited for. */
export class OrderInFlight extends Error {
  constructor(readonly attemptId: number) {
    super('card payment in flight');
  }
}

/** The customer's answer to a booking the database refused. */
export function bookingRefusalError(refusal: BookingRefusal, inFlightAttemptId: number | null = null): Error {
  switch (refusal) {
    case 'in_flight':
      return new OrderInFlight(inFlightAttemptId!);
    case 'not_found':
      return new AppError('request.not_found');
    case 'already_paid':
      return new AppError('order.already_paid');
    case 'order_changed':
      return new AppError('payment.order_changed');
    case 'coupon_above_total':
      return AppError.field('coupon.above_total', 'coupon');
    case 'balance_not_enough':
      return AppError.field('wallet.insufficient_funds', 'payment_type');
    default:
      return couponRefusalError(refusal);
  }
}

/** The ledger line of the one-time offer credit. */
export const offerCreditDescription = (thresholdCents: number) => `Offer credit: paid orders reached ${centsToDollars(thresholdCents).toFixed(2)}`;

/** A credit as the offer banner and the pay answer write it: "$100" for whole dollars, "$12.50" otherwise. */
export function formatCredit(cents: number): string {
  return cents % 100 === 0 ? formatMoney(cents).replace(/\.00$/, '') : formatMoney(cents);
}

/** What the pay answer says when the payment earned the credit. */
export const offerGrantedMessage = (creditCents: number) => billingMessages.offerGranted(formatCredit(creditCents));

export type OrderPayment = Omit<OrderPaymentBooking, 'offer'>;

/**
 * What paying an order would take (subtotal, discount, charge, coupon), decided under the order's
 * and the coupon's locks by the same SQL the booking runs. Throws the refusal.
 */
export async function quoteOrderPayment(tx: Transaction, query: PaymentTermsQuery) {
  const terms = await billingRepository.orderPaymentTerms(tx, query);
  if (terms.refusal) throw bookingRefusalError(terms.refusal, terms.inFlightAttemptId);
  return terms;
}

type BookingConfig = Pick<Config, 'offer'> & { webhooks: Pick<Config['webhooks'], 'lowBalanceCents'> };

/** The webhook events a payment may write (docs/decisions/0044-webhooks.md). */
const PAYMENT_EVENTS = ['order.paid', 'wallet.low_balance'] as const;

/**
 * Books an order payment (any method) in one statement; throws the refusal, having written nothing.
 * Its webhook events (order.paid; wallet.low_balance when a wallet payment takes the balance from
 * at least WEBHOOK_LOW_BALANCE_CENTS to below it) are written in the same transaction. Whether the
 * agency has an endpoint for them is asked first (one indexed read): without one the booking stays
 * one statement, with one a booking given the database itself runs in a transaction of its own.
 */
export async function bookOrderPayment(config: BookingConfig, db: DbOrTx, payment: OrderPayment): Promise<{ paymentId: number; offerMessage: string | null }> {
  const subscribed = await hasWebhookFor(db, payment.agencyId, PAYMENT_EVENTS);
  if (subscribed && !webhooksRepository.isTransaction(db)) return db.transaction((tx) => bookOrderPaymentIn(config, tx, payment, true));
  return bookOrderPaymentIn(config, db, payment, subscribed);
}

async function bookOrderPaymentIn(config: BookingConfig, db: DbOrTx, payment: OrderPayment, subscribed: boolean) {
  const { thresholdCents, creditCents } = config.offer;
  const booked = await billingRepository.bookOrderPayment(db, {
    ...payment,
    offer: { thresholdCents, creditCents, description: offerCreditDescription(thresholdCents) },
  });
  paymentOutcomes.inc({ outcome: booked.refusal ?? 'booked' });
  if (booked.refusal) throw bookingRefusalError(booked.refusal, booked.inFlightAttemptId);
  if (subscribed && webhooksRepository.isTransaction(db)) await recordPaymentEvents(config, db, payment, booked.paymentId);
  return { paymentId: booked.paymentId, offerMessage: booked.offerCredited ? offerGrantedMessage(creditCents) : null };
}

async function recordPaymentEvents(config: BookingConfig, tx: Transaction, payment: OrderPayment, paymentId: number) {
  const { orderId, agencyId } = payment;
  await recordWebhookEvent(tx, { type: 'order.paid', ownerId: agencyId, orderId, data: () => webhookData().order(tx, orderId) });
  if (payment.method !== 'Balance') return;
  const threshold = config.webhooks.lowBalanceCents;
  const after = await billingRepository.balanceOf(tx, agencyId);
  if (after >= threshold) return;
  const before = after - (await webhooksRepository.walletChangeOfPayment(tx, paymentId));
  if (before < threshold) return;
  await recordWebhookEvent(tx, {
    type: 'wallet.low_balance',
    ownerId: agencyId,
    orderId: null,
    data: async () => ({ balance: centsToDollars(after), threshold: centsToDollars(threshold), order_id: orderId, payment_id: paymentId }),
  });
}

/** A card top-up the gateway captured: the payment (an invoice) and the wallet credit. */
export async function bookCardTopup(
  tx: Transaction,
  topup: {
    agencyId: number;
    userId: number;
    method: 'SavedCard' | 'NewCard';
    amountCents: number;
    description: string;
    card: { gateway: string; chargeRef: string; last4: string; expiry: string };
    billing: Omit<PaymentAttemptDetails, 'savedCard'>;
  },
): Promise<number> {
  const { card } = topup;
  const { id: paymentId } = await billingRepository.insertPayment(tx, {
    kind: 'topup',
    agencyId: topup.agencyId,
    userId: topup.userId,
    method: topup.method,
    subtotalCents: topup.amountCents,
    amountCents: topup.amountCents,
    description: topup.description,
    gateway: card.gateway,
    gatewayRef: card.chargeRef,
    cardLast4: card.last4,
    cardExpiry: card.expiry,
    ...topup.billing,
  });
  await billingRepository.appendEntry(tx, {
    agencyId: topup.agencyId,
    amountCents: topup.amountCents,
    kind: 'topup_card',
    description: topup.description,
    actorId: topup.userId,
    paymentId,
  });
  return paymentId;
}

/** An admin credits an agency's wallet: a payment of method Admin and its ledger entry. */
export async function bookAdminCredit(tx: Transaction, credit: { agencyId: number; adminId: number; amountCents: number; description: string }) {
  const { id: paymentId } = await billingRepository.insertPayment(tx, {
    kind: 'topup',
    agencyId: credit.agencyId,
    userId: credit.agencyId,
    method: 'Admin',
    subtotalCents: credit.amountCents,
    amountCents: credit.amountCents,
    description: credit.description,
  });
  await billingRepository.appendEntry(tx, {
    agencyId: credit.agencyId,
    amountCents: credit.amountCents,
    kind: 'topup_admin',
    description: credit.description,
    actorId: credit.adminId,
    paymentId,
  });
  return paymentId;
}

export interface RefundResult {
  amountCents: number;
  creditNote: string | null;
  /** What the deletion's activity entry adds: the amount and the credit note, or nothing. */
  note: string;
}

/**
 * Refunds to the agency wallet when an admin deletes a paid order (`itemId` null: whatever has not
 * been refunded yet) or one of its items (its share of what was paid, rounded down). The caller
 * holds the order's lock; an unpaid order refunds nothing.
 */
export async function bookRefund(tx: Transaction, refund: { orderId: number; itemId: number | null; actorId: number }): Promise<RefundResult> {
  const description = refund.itemId === null ? `Refund: order #${refund.orderId}` : `Refund: item #${refund.itemId} of order #${refund.orderId}`;
  const { amountCents, creditNote } = await billingRepository.bookRefund(tx, { ...refund, description });
  if (amountCents > 0) {
    const agencyId = await webhooksRepository.agencyOfOrder(tx, refund.orderId);
    if (agencyId !== null) {
      await recordWebhookEvent(tx, {
        type: 'refund.created',
        ownerId: agencyId,
        orderId: refund.orderId,
        data: async () => ({ order_id: refund.orderId, item_id: refund.itemId, amount: centsToDollars(amountCents), credit_note: creditNote }),
      });
    }
  }
  const note = amountCents > 0 ? `; ${formatMoney(amountCents)} refunded to the agency wallet (credit note ${creditNote})` : '';
  return { amountCents, creditNote, note };
}
