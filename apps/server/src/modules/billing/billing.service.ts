import type { z } from 'zod';
import { centsToDollars, SPENDING_MONTHS, type billingListQuerySchema, type BillingHistoryRow, type LastBillingAddress } from '@copydesk/shared';
import type { Database } from '../../db/client.js';
import type { billingHistory, PaymentRow, UserRow } from '../../db/schema/index.js';
import { scopes, walletAgencyOf } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { offsetOf, pageMeta } from '../../lib/pagination.js';
import { listCountries, listStates } from '../geo/geo.service.js';
import { usersRepository } from '../users/users.repository.js';
import { billingRepository } from './billing.repository.js';

/** Read side of billing: balances, spending, saved cards, payment history and invoice details. */

type ListQuery = z.output<typeof billingListQuerySchema>;

/** The agency whose wallet a user id stands for, if the actor may see it (lib/access.ts); otherwise 404, as for records that do not exist. */
async function walletAgencyFor(db: Database, actor: UserRow, userId: number): Promise<number> {
  const agencyId = walletAgencyOf(actor, await usersRepository.findById(db, userId));
  if (agencyId === null) throw new AppError('request.not_found');
  return agencyId;
}

export async function availableBalance(ctx: AppContext, actor: UserRow, userId: number) {
  const { db } = ctx;
  return { balance: centsToDollars(await billingRepository.balanceOf(db, await walletAgencyFor(db, actor, userId))) };
}

/** What the agency's orders cost, net of their refunds (docs/decisions/0033-refunds-in-every-figure.md). */
export async function spending(ctx: AppContext, actor: UserRow, userId: number) {
  const { db } = ctx;
  return { spending: centsToDollars(await billingRepository.spendingOf(db, await walletAgencyFor(db, actor, userId))) };
}

const monthOf = (d: Date) => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * GET /billing/spendingByMonth: the spending chart's series, over the payments the caller's billing
 * history lists (lib/access.ts, `scopes.payments`): order payments net of their refunds per UTC
 * month, the last SPENDING_MONTHS months, oldest first.
 */
export async function monthlySpending(ctx: AppContext, actor: UserRow, now = new Date()) {
  const months = Array.from({ length: SPENDING_MONTHS }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (SPENDING_MONTHS - 1) + i, 1)));
  const rows = await billingRepository.monthlySpending(ctx.db, scopes.payments(actor), months[0]!);
  const byMonth = new Map(rows.map((r) => [r.month, r.cents]));
  return { data: months.map((m) => ({ month: monthOf(m), spending: centsToDollars(byMonth.get(monthOf(m)) ?? 0) })) };
}

/** Saved cards of an agency, newest first ("Recent" is the first). Associates pay from the wallet only. */
export async function savedCards(ctx: AppContext, actor: UserRow, userId: number) {
  const { db } = ctx;
  const agencyId = await walletAgencyFor(db, actor, userId);
  const [cards, billing] = await Promise.all([billingRepository.listSavedCards(db, agencyId), billingRepository.lastBillingAddress(db, agencyId)]);
  return {
    data: cards.map((c) => ({
      id: c.id,
      card_last_digits: c.last4,
      card_expiry: `${String(c.expMonth).padStart(2, '0')}/${String(c.expYear % 100).padStart(2, '0')}`,
    })),
    billing_address: billing ? await withRegionIds(ctx, billing) : null,
  };
}

const sameName = (a: string, b: string | null) => b !== null && a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/**
 * A stored billing address (names, as the payment carried them) with the ids the location selects
 * use. A country or state no longer in the lists is left out with what depends on it, so the form
 * never shows a place its selects cannot hold.
 */
async function withRegionIds(
  ctx: AppContext,
  billing: NonNullable<Awaited<ReturnType<typeof billingRepository.lastBillingAddress>>>,
): Promise<LastBillingAddress> {
  const base = { name: billing.name, address: billing.address, zip_code: billing.zip };
  const none = { country_id: null, country: null, state_id: null, state: null, city: null };
  const country = (await listCountries(ctx)).data.find((c) => sameName(c.name, billing.country));
  if (!country) return { ...base, ...none };
  const state = (await listStates(ctx, country.id)).data.find((s) => sameName(s.name, billing.state));
  if (!state) return { ...base, ...none, country_id: country.id, country: country.name };
  return { ...base, country_id: country.id, country: country.name, state_id: state.id, state: state.name, city: billing.city };
}

const METHOD_LABEL: Record<PaymentRow['method'], string> = { Balance: 'Wallet', NewCard: 'Card', SavedCard: 'Saved Card', Admin: 'Admin' };

function rowDto(payment: PaymentRow, user: { name: string; email: string }) {
  return {
    id: payment.id,
    invoice: payment.invoiceNumber,
    user: user.name,
    email: user.email,
    description: payment.description,
    method: METHOD_LABEL[payment.method],
    amount: centsToDollars(payment.amountCents),
    date: payment.createdAt.toISOString(),
    type: payment.kind === 'topup' ? ('add balance' as const) : payment.kind === 'refund' ? ('refund' as const) : ('order payment' as const),
    order_id: payment.orderId,
  };
}

const HISTORY_TYPE: Record<(typeof billingHistory.$inferSelect)['kind'], BillingHistoryRow['type']> = {
  topup: 'add balance',
  admin_credit: 'admin credit',
  order: 'order payment',
  refund: 'refund',
  offer_credit: 'offer credit',
};
const HISTORY_METHOD_LABEL: Record<(typeof billingHistory.$inferSelect)['method'], string> = { ...METHOD_LABEL, Offer: 'Offer' };

function historyRowDto(row: typeof billingHistory.$inferSelect, user: { name: string; email: string }): BillingHistoryRow {
  return {
    key: row.rowKey,
    id: row.paymentId,
    invoice: row.invoiceNumber,
    user: user.name,
    email: user.email,
    description: row.description,
    method: HISTORY_METHOD_LABEL[row.method],
    amount: centsToDollars(row.amountCents),
    wallet_amount: centsToDollars(row.walletCents),
    balance_after: row.balanceAfterCents === null ? null : centsToDollars(row.balanceAfterCents),
    date: row.createdAt.toISOString(),
    type: HISTORY_TYPE[row.kind],
    order_id: row.orderId,
  };
}

/**
 * GET /billing: the billing history, read from the wallet ledger (the view of migration 0023): every
 * movement of the wallet is a row, and every payment that moved none (docs/decisions/0033-refunds-in-every-figure.md).
 */
export async function listPayments(ctx: AppContext, actor: UserRow, query: ListQuery) {
  const { db } = ctx;
  const { rows, total } = await billingRepository.list(
    db,
    scopes.payments(actor),
    { from: query.from, to: query.to, search: query.search },
    { limit: query.limit, offset: offsetOf(query), sortColumn: query.sort_column, sortOrder: query.sort_order },
  );
  return { data: rows.map((r) => historyRowDto(r, { name: r.userName, email: r.email })), meta: pageMeta(query, total, rows.length) };
}

/** Everything the invoice-detail modal and the PDF show for one payment. */
export async function paymentDetail(ctx: AppContext, actor: UserRow, id: number) {
  const { db } = ctx;
  const found = await billingRepository.findVisible(db, scopes.payments(actor), id);
  if (!found) throw new AppError('payment.not_found');
  const { payment, user, couponCode } = found;
  // A credit note names what it refunds in its description; an invoice lists the order's items.
  const items = payment.orderId && payment.kind === 'order' ? await billingRepository.itemsOfOrders(db, [payment.orderId]) : [];
  return {
    data: {
      ...rowDto(payment, user),
      address: payment.billingAddress ?? user.address,
      city: payment.billingCity ?? user.city,
      state: payment.billingState ?? user.state,
      zipcode: payment.billingZip ?? user.zipCode,
      country: payment.billingCountry ?? user.country,
      phone: user.phoneNumber,
      company: user.companyName,
      subtotal: centsToDollars(payment.subtotalCents),
      discount: centsToDollars(payment.discountCents),
      coupon_code: couponCode ?? null,
      total: centsToDollars(payment.amountCents),
      total_items: items.length,
      card_last_digits: payment.cardLast4,
      card_expiry: payment.cardExpiry,
      orderBreakDown: items.map((i) => ({
        title: i.articleTitle,
        project_name: i.projectName,
        itemType: i.orderType,
        itemWord: i.wordCountTitle,
        itemWordPrice: centsToDollars(i.costCents),
        itemAddons: i.addon,
        itemAddonPrice: centsToDollars(i.addonPriceCents),
      })),
    },
  };
}
