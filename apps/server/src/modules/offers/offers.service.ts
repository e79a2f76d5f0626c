import { centsToDollars, formatMoney, offerMessages } from '@copydesk/shared';
import type { UserRow } from '../../db/schema/index.js';
import { agencyIdOf, scopes } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { createOrderLoginLink } from '../auth/auth.service.js';
import { billingRepository } from '../billing/billing.repository.js';
import { formatCredit } from '../billing/booking.js';
import { emails } from '../mail/emails.js';
import { outboxRepository } from '../mail/outbox.repository.js';
import { ordersRepository } from '../orders/orders.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { offersRepository } from './offers.repository.js';

/** The offer banner (docs/decisions/0008-offer-credit.md) and an associate's request for more balance. */

/**
 * GET /getOfferStatus. Until the credit is granted: how much more in paid orders earns it. The
 * credit itself is granted inside the payment that crosses the threshold.
 */
export async function offerStatus(ctx: AppContext, actor: UserRow) {
  const agencyId = agencyIdOf(actor);
  if (agencyId === null) return { message: '', remaining_amount: 0, show: false };
  const { thresholdCents, creditCents } = ctx.config.offer;
  const credit = await offersRepository.creditOf(ctx.db, agencyId);
  if (credit) return { message: offerMessages.received(formatCredit(credit.amountCents)), remaining_amount: 0, show: false };
  const remaining = Math.max(0, thresholdCents - (await billingRepository.spendingOf(ctx.db, agencyId)));
  // Reached but not yet granted (e.g. the threshold was lowered): the next payment grants it.
  if (remaining === 0) return { message: offerMessages.due(formatCredit(creditCents)), remaining_amount: 0, show: true };
  return { message: offerMessages.promo(formatMoney(remaining), formatCredit(creditCents)), remaining_amount: centsToDollars(remaining), show: true };
}

/**
 * GET /notifyAgency: emails the associate's agency that the wallet needs a top-up. With an order of
 * the associate's own (the one its payment page shows), the email names it, its total and what the
 * wallet lacks, and carries a one-time link to its payment page; an order the associate cannot see
 * answers 404 and sends nothing.
 */
export async function notifyAgency(ctx: AppContext, actor: UserRow, orderId: number | undefined) {
  if (!actor.agencyId) throw new AppError('auth.forbidden');
  const agency = await usersRepository.findById(ctx.db, actor.agencyId);
  if (!agency) throw new AppError('request.not_found');
  const balanceCents = await billingRepository.balanceOf(ctx.db, agency.id);
  let order: { id: number; totalCents: number } | null = null;
  if (orderId !== undefined) {
    const found = await ordersRepository.findVisible(ctx.db, scopes.orders(actor), orderId);
    if (!found) throw new AppError('request.not_found');
    if (found.paidAt) throw new AppError('order.already_paid');
    order = { id: found.id, totalCents: found.totalCents };
  }
  await ctx.db.transaction(async (tx) => {
    const named = order && {
      id: order.id,
      total: formatMoney(order.totalCents),
      shortfall: order.totalCents > balanceCents ? formatMoney(order.totalCents - balanceCents) : null,
      payUrl: await createOrderLoginLink(tx, { userId: agency.id, orderId: order.id, publicUrl: ctx.config.publicUrl }),
    };
    await outboxRepository.enqueue(
      tx,
      emails.notifyAgency(
        agency.email,
        agency.companyName?.trim() || agency.name,
        { name: actor.name, email: actor.email },
        formatMoney(balanceCents),
        named,
        // The billing page opens its Add Balance dialog for this address.
        `${ctx.config.publicUrl}/billing?add-balance=1`,
      ),
    );
  });
  return { message: offerMessages.agencyNotified };
}
