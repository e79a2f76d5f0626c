import { formatMoney } from '@copydesk/shared';
import type { Transaction } from '../../db/client.js';
import type { OrderItemRow, OrderRow } from '../../db/schema/index.js';
import { activityRepository } from '../content/activity.repository.js';
import { billingRepository } from './billing.repository.js';

/**
 * Refunds to the agency wallet when an admin deletes a paid order or item (DESIGN.md §6.9, §6.17).
 * Runs inside the deletion's transaction, with the order row locked by the caller: a payment row
 * of kind `refund` (numbered as a credit note, CN-…), a ledger entry, and an activity-log entry.
 *
 * What an item returns is its share of what was actually paid: cost × paid ÷ subtotal, rounded
 * down, so a coupon's discount is shared out and the refunds of an order never exceed its payment.
 * Deleting the whole order returns whatever of the payment has not been refunded yet.
 */

export interface RefundResult {
  amountCents: number;
  creditNote: string | null;
}

const NOTHING: RefundResult = { amountCents: 0, creditNote: null };

async function refund(tx: Transaction, args: { order: OrderRow; amountCents: number; description: string; actorId: number }): Promise<RefundResult> {
  if (args.amountCents <= 0) return NOTHING;
  const { id: paymentId, invoiceNumber } = await billingRepository.insertPayment(tx, {
    kind: 'refund',
    agencyId: args.order.agencyId,
    userId: args.order.userId,
    orderId: args.order.id,
    method: 'Balance',
    subtotalCents: args.amountCents,
    amountCents: args.amountCents,
    description: args.description,
  });
  await billingRepository.appendEntry(tx, {
    agencyId: args.order.agencyId,
    amountCents: args.amountCents,
    kind: 'refund',
    description: args.description,
    actorId: args.actorId,
    paymentId,
    orderId: args.order.id,
  });
  return { amountCents: args.amountCents, creditNote: invoiceNumber };
}

const refundNote = (result: RefundResult) =>
  result.amountCents > 0 ? `; ${formatMoney(result.amountCents)} refunded to the agency wallet (credit note ${result.creditNote})` : '';

/** An admin deletes one item of a paid order: its share of the payment goes back to the wallet. */
export async function refundItem(tx: Transaction, args: { order: OrderRow; item: OrderItemRow; actorId: number }): Promise<RefundResult> {
  const payment = await billingRepository.orderPayment(tx, args.order.id);
  let result = NOTHING;
  if (payment && payment.subtotalCents > 0) {
    const remaining = payment.amountCents - (await billingRepository.refundedCents(tx, args.order.id));
    const share = Math.floor((args.item.costCents * payment.amountCents) / payment.subtotalCents);
    result = await refund(tx, {
      order: args.order,
      amountCents: Math.max(0, Math.min(share, remaining)),
      description: `Refund: item #${args.item.id} of order #${args.order.id}`,
      actorId: args.actorId,
    });
  }
  await activityRepository.log(tx, { itemId: args.item.id, userId: args.actorId, description: `Deleted by an admin${refundNote(result)}` });
  return result;
}

/** An admin deletes a paid order: everything not refunded yet goes back to the wallet. */
export async function refundOrder(tx: Transaction, args: { order: OrderRow; actorId: number }): Promise<RefundResult> {
  const payment = await billingRepository.orderPayment(tx, args.order.id);
  let result = NOTHING;
  if (payment) {
    const remaining = payment.amountCents - (await billingRepository.refundedCents(tx, args.order.id));
    result = await refund(tx, { order: args.order, amountCents: remaining, description: `Refund: order #${args.order.id}`, actorId: args.actorId });
  }
  await activityRepository.logForOrder(tx, args.order.id, args.actorId, `Order deleted by an admin${refundNote(result)}`);
  return result;
}
