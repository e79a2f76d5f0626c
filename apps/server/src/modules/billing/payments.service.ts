import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  billingMessages,
  centsToDollars,
  couponDiscountCents,
  DUE_BUSINESS_DAYS,
  dollarsToCents,
  messages,
  normaliseCardNumber,
  type addBalanceInfoSchema,
  type payOrderInfoSchema,
} from '@copydesk/shared';
import type { Config } from '../../config.js';
import { sqlState, type Database, type Transaction } from '../../db/client.js';
import { offerCredits, orderItems, orders, payments, users, type UserRow } from '../../db/schema/index.js';
import { agencyIdOf } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import type { CardSource, ChargeResult, PaymentGateway } from '../../lib/payment-gateway.js';
import { activityRepository } from '../content/activity.repository.js';
import { appliedCoupon, assertUsable, findCoupon, redeemCoupon } from '../coupons/coupon-rules.js';
import { formatCredit } from '../offers/offers.service.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { scopeOf } from '../orders/orders.service.js';
import { billingRepository } from './billing.repository.js';

/**
 * Money movements (DESIGN.md §4–§6): order payments from the wallet or by card, and top-ups. Each
 * runs in one transaction: payment row, ledger entry or charge, coupon redemption, order marked
 * paid, offer check. A card charged in a transaction that then fails is refunded.
 */

export interface PaymentsCtx {
  db: Database;
  config: Config;
  gateway: PaymentGateway;
}

type PayInfo = z.output<typeof payOrderInfoSchema>;
type AddBalanceInfo = z.output<typeof addBalanceInfoSchema>;

const billingAddress = (info: { nameOnCard?: string | null; address?: string | null; city?: string | null; state?: string | null; country?: string | null; zipCode?: string | null }) => ({
  billingName: info.nameOnCard?.trim() || null,
  billingAddress: info.address?.trim() || null,
  billingCity: info.city?.trim() || null,
  billingState: info.state?.trim() || null,
  billingCountry: info.country?.trim() || null,
  billingZip: info.zipCode?.trim() || null,
});

const expiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;

/** The card source a payload describes, or null for the wallet. */
async function cardSourceOf(tx: Transaction, agencyId: number, info: PayInfo | AddBalanceInfo, type: 'SavedCard' | 'NewCard') {
  if (type === 'SavedCard') {
    const card = info.savedCardid ? await billingRepository.findSavedCard(tx, agencyId, info.savedCardid) : null;
    if (!card) throw AppError.field('savedCardid', billingMessages.savedCardUnknown);
    return { source: { kind: 'saved', gatewayRef: card.gatewayRef } as CardSource, saved: card };
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

/** Charges a card inside a transaction; remembers the charge so a failed commit refunds it. */
async function chargeCard(
  ctx: PaymentsCtx,
  tx: Transaction,
  charged: { ref: string | null; amountCents: number },
  args: { agencyId: number; userId: number; paymentId: number; amountCents: number; description: string; source: CardSource; savedCard: { last4: string; expMonth: number; expYear: number } | null; idempotencyKey: string },
) {
  const result: ChargeResult = await ctx.gateway.charge({
    agencyId: args.agencyId,
    amountCents: args.amountCents,
    description: args.description,
    source: args.source,
    idempotencyKey: args.idempotencyKey,
  });
  charged.ref = result.chargeRef;
  charged.amountCents = args.amountCents;
  const card = result.card ?? args.savedCard!;
  await tx
    .update(payments)
    .set({ gateway: ctx.gateway.name, gatewayRef: result.chargeRef, cardLast4: card.last4, cardExpiry: expiry(card.expMonth, card.expYear) })
    .where(eq(payments.id, args.paymentId));
  if (result.savedRef && result.card) {
    await billingRepository.insertSavedCard(tx, {
      agencyId: args.agencyId,
      userId: args.userId,
      gateway: ctx.gateway.name,
      gatewayRef: result.savedRef,
      brand: result.card.brand,
      last4: result.card.last4,
      expMonth: result.card.expMonth,
      expYear: result.card.expYear,
    });
  }
}

/** Runs a money transaction; if a card was charged and the transaction then fails, refunds it. */
async function moneyTransaction<T>(ctx: PaymentsCtx, work: (tx: Transaction, charged: { ref: string | null; amountCents: number }) => Promise<T>): Promise<T> {
  const charged = { ref: null as string | null, amountCents: 0 };
  try {
    return await ctx.db.transaction((tx) => work(tx, charged));
  } catch (err) {
    if (charged.ref) {
      await ctx.gateway.refund(charged.ref, charged.amountCents).catch(() => undefined);
    }
    if (sqlState(err) === '23514' && /wallets_balance_check/.test(String((err as { cause?: { message?: string } }).cause?.message))) {
      throw AppError.field('payment_type', messages.balanceNotEnough);
    }
    if (sqlState(err) === '22003') throw AppError.field('balance', messages.balancePositive);
    throw err;
  }
}

/** The one-time credit once an agency's paid orders reach the threshold (DESIGN.md §6.5). */
async function grantOfferIfDue(ctx: PaymentsCtx, tx: Transaction, agencyId: number, actorId: number, paymentId: number): Promise<string | null> {
  const { thresholdCents, creditCents } = ctx.config.offer;
  const paid = await billingRepository.spendingOf(tx, agencyId);
  if (paid < thresholdCents) return null;
  const [granted] = await tx.insert(offerCredits).values({ agencyId, amountCents: creditCents, paymentId }).onConflictDoNothing().returning();
  if (!granted) return null;
  await billingRepository.appendEntry(tx, {
    agencyId,
    amountCents: creditCents,
    kind: 'offer_credit',
    description: `Offer credit: paid orders reached ${centsToDollars(thresholdCents).toFixed(2)}`,
    actorId,
    paymentId,
  });
  return billingMessages.offerGranted(formatCredit(creditCents));
}

/** POST /order/pay. */
export async function payOrder(ctx: PaymentsCtx, actor: UserRow, info: PayInfo, idempotencyKey: string) {
  const agencyId = agencyIdOf(actor);
  if (agencyId === null) throw new AppError('FORBIDDEN', messages.forbidden);
  if (actor.role === 'associate' && info.payment_type !== 'Balance') throw new AppError('FORBIDDEN', billingMessages.associateWalletOnly);
  if (!actor.emailVerifiedAt) throw new AppError('FORBIDDEN', messages.verifyToViewOrder);
  const orderId = info.order_id!;
  const couponRef = info.coupon_id ? { id: info.coupon_id } : info.coupon_code?.trim() ? { code: info.coupon_code } : null;

  return moneyTransaction(ctx, async (tx, charged) => {
    const order = await ordersRepository.lockOrder(tx, orderId, scopeOf(actor));
    if (!order) throw new AppError('NOT_FOUND', messages.notFound);
    if (order.paidAt) throw new AppError('CONFLICT', billingMessages.alreadyPaid);

    const subtotalCents = order.totalCents;
    let discountCents = 0;
    let couponId: number | null = null;
    if (couponRef) {
      const coupon = await findCoupon(tx, couponRef);
      assertUsable(coupon, agencyId);
      const discount = couponDiscountCents(appliedCoupon(coupon), subtotalCents);
      if (discount === null) throw AppError.field('coupon', messages.couponAboveTotal);
      discountCents = discount;
      couponId = coupon.id;
    }
    const amountCents = subtotalCents - discountCents;
    const description = `Order Payment #${order.id}`;
    const card = info.payment_type === 'Balance' ? null : await cardSourceOf(tx, agencyId, info, info.payment_type);

    await billingRepository.ensureWallet(tx, agencyId);
    const paymentId = await billingRepository.insertPayment(tx, {
      kind: 'order',
      agencyId,
      userId: actor.id,
      orderId: order.id,
      method: info.payment_type,
      subtotalCents,
      discountCents,
      amountCents,
      couponId,
      description,
      ...(card ? billingAddress(info) : {}),
    });
    if (couponId) await redeemCoupon(tx, { couponId, paymentId, orderId: order.id, userId: actor.id, discountCents });

    if (!card) {
      if (amountCents > 0) {
        await billingRepository.appendEntry(tx, { agencyId, amountCents: -amountCents, kind: 'order_payment', description, actorId: actor.id, paymentId, orderId: order.id });
      }
    } else if (amountCents > 0) {
      await chargeCard(ctx, tx, charged, {
        agencyId,
        userId: actor.id,
        paymentId,
        amountCents,
        description,
        source: card.source,
        savedCard: card.saved,
        idempotencyKey: `pay-${idempotencyKey}`,
      });
    }

    await tx.update(orders).set({ paidAt: sql`now()`, paymentId, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    await tx
      .update(orderItems)
      .set({ status: 'Unassigned', dueAt: sql`add_business_days(now(), ${DUE_BUSINESS_DAYS})`, updatedAt: sql`now()` })
      .where(and(eq(orderItems.orderId, order.id), eq(orderItems.status, 'Unpaid'), isNull(orderItems.deletedAt)));
    await activityRepository.logForOrder(tx, order.id, actor.id, `Paid with order #${order.id} (payment #${paymentId})`);
    const offerMessage = await grantOfferIfDue(ctx, tx, agencyId, actor.id, paymentId);
    return { message: billingMessages.paid, payment_id: paymentId, offer_message: offerMessage };
  });
}

/** POST /billing/addBalance: an agency tops up by card; an admin credits an agency. */
export async function addBalance(ctx: PaymentsCtx, actor: UserRow, info: AddBalanceInfo, idempotencyKey: string) {
  if (actor.role === 'associate') throw new AppError('FORBIDDEN', messages.forbidden);
  const amountCents = dollarsToCents(info.balance!)!;

  if (actor.role === 'admin') {
    if (!info.balanceByAdmin) throw AppError.field('agency', billingMessages.agencyUnknown);
    const [agency] = await ctx.db.select().from(users).where(and(eq(users.id, info.agency!), eq(users.role, 'agency'))).limit(1);
    if (!agency) throw AppError.field('agency', billingMessages.agencyUnknown);
    return moneyTransaction(ctx, async (tx) => {
      await billingRepository.ensureWallet(tx, agency.id);
      const description = info.description!.trim();
      const paymentId = await billingRepository.insertPayment(tx, {
        kind: 'topup',
        agencyId: agency.id,
        userId: agency.id,
        method: 'Admin',
        subtotalCents: amountCents,
        amountCents,
        description,
      });
      await billingRepository.appendEntry(tx, { agencyId: agency.id, amountCents, kind: 'topup_admin', description, actorId: actor.id, paymentId });
      return { message: billingMessages.balanceCredited(agency.companyName || agency.name) };
    });
  }

  if (info.balanceByAdmin) throw new AppError('FORBIDDEN', messages.forbidden);
  const agencyId = actor.id;
  return moneyTransaction(ctx, async (tx, charged) => {
    const card = await cardSourceOf(tx, agencyId, info, info.savedCardid ? 'SavedCard' : 'NewCard');
    await billingRepository.ensureWallet(tx, agencyId);
    const description = info.description?.trim() || 'Add balance';
    const paymentId = await billingRepository.insertPayment(tx, {
      kind: 'topup',
      agencyId,
      userId: actor.id,
      method: info.savedCardid ? 'SavedCard' : 'NewCard',
      subtotalCents: amountCents,
      amountCents,
      description,
      ...billingAddress(info),
    });
    await chargeCard(ctx, tx, charged, {
      agencyId,
      userId: actor.id,
      paymentId,
      amountCents,
      description,
      source: card.source,
      savedCard: card.saved,
      idempotencyKey: `topup-${idempotencyKey}`,
    });
    await billingRepository.appendEntry(tx, { agencyId, amountCents, kind: 'topup_card', description, actorId: actor.id, paymentId });
    return { message: billingMessages.balanceAdded };
  });
}
