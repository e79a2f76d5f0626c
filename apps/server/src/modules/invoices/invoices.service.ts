import { createHmac } from 'node:crypto';
import { dollarsToCents } from '@copydesk/shared';
import type { Config } from '../../config.js';
import type { UserRow } from '../../db/schema/index.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/tokens.js';
import { billingRepository } from '../billing/billing.repository.js';
import { paymentDetail } from '../billing/billing.service.js';
import type { InvoiceView } from './invoice-pdf.js';

/**
 * Invoices (docs/decisions/0026-invoices.md): `downloadinvoice/{id}` checks that the caller may see
 * the payment and answers a link signed with APP_KEY, valid 10 minutes, which a new browser tab
 * opens without a bearer header. The signature is the permission; every instance with the same
 * APP_KEY accepts it.
 */
export const INVOICE_LINK_TTL_SECONDS = 10 * 60;

/** The query of a signed link, as it arrives (anything malformed is a 403, not a 422). */
export type LinkQuery = { expires?: unknown; signature?: unknown };

const PAYMENT_ID = /^[1-9]\d{0,9}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

function sign(appKey: string, paymentId: number, expires: number): string {
  // The purpose prefix keeps an invoice signature from meaning anything else signed with APP_KEY.
  return createHmac('sha256', appKey).update(`invoice:${paymentId}:${expires}`).digest('base64url');
}

/** A payment id from the path; anything else answers 'Payment information not found'. */
function paymentIdOf(raw: string | undefined): number {
  const id = raw && PAYMENT_ID.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw new AppError('payment.not_found');
  return id;
}

/** GET /order/downloadinvoice/{id} → {link}, for a payment the caller may see (else 404). */
export async function invoiceLink(ctx: AppContext, actor: UserRow, { id: rawId, now = new Date() }: { id: string | undefined; now?: Date }) {
  const paymentId = paymentIdOf(rawId);
  await paymentDetail(ctx, actor, paymentId);
  const expires = Math.floor(now.getTime() / 1000) + INVOICE_LINK_TTL_SECONDS;
  const query = new URLSearchParams({ expires: String(expires), signature: sign(ctx.config.appKey, paymentId, expires) });
  return { link: `${ctx.config.publicUrl}/api/invoices/${paymentId}.pdf?${query}` };
}

/** Refuses a link whose signature does not match (403) or whose time is up (403). */
export function checkInvoiceLink(appKey: string, paymentId: number, query: LinkQuery, now = new Date()) {
  const { expires, signature } = query;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string' || !SIGNATURE.test(signature)) {
    throw new AppError('invoice.link_invalid');
  }
  if (!safeEqual(signature, sign(appKey, paymentId, Number(expires)))) throw new AppError('invoice.link_invalid');
  if (Number(expires) < Math.floor(now.getTime() / 1000)) throw new AppError('invoice.link_expired');
}

type PaymentDetail = Awaited<ReturnType<typeof paymentDetail>>['data'];

const cents = (dollars: number) => dollarsToCents(dollars) ?? Math.round(dollars * 100);

function paymentMethodOf(detail: PaymentDetail): string {
  if ((detail.method === 'Card' || detail.method === 'Saved Card') && detail.card_last_digits) return `Card ending in ${detail.card_last_digits}`;
  if (detail.method === 'Admin') return 'Admin credit';
  if (detail.type === 'refund') return 'Agency wallet';
  return detail.method;
}

/** pdfkit, fontkit and the fonts load with the first invoice, not at start-up. */
const loadPdfRenderer = async () => (await import('./invoice-pdf.js')).renderInvoicePdf;

function viewOf(detail: PaymentDetail, config: Pick<Config, 'appKey' | 'publicUrl' | 'invoiceSeller'>): InvoiceView {
  const cityLine = [detail.city, [detail.state, detail.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    number: detail.invoice,
    date: new Date(detail.date),
    seller: { name: config.invoiceSeller.name, addressLines: config.invoiceSeller.addressLines, website: config.publicUrl },
    billTo: {
      name: detail.user,
      company: detail.company,
      email: detail.email,
      addressLines: [detail.address, cityLine, detail.country].filter((l): l is string => !!l),
    },
    kind: detail.type === 'add balance' ? 'topup' : detail.type === 'refund' ? 'refund' : 'order',
    orderId: detail.order_id,
    description: detail.description,
    lines: detail.orderBreakDown.map((line) => ({
      title: line.title ?? '',
      project: line.project_name ?? '',
      type: line.itemType,
      words: line.itemWord,
      priceCents: cents(line.itemWordPrice),
      addOn: line.itemAddons ?? null,
      addOnPriceCents: cents(line.itemAddonPrice ?? 0),
    })),
    subtotalCents: cents(detail.subtotal),
    discountCents: cents(detail.discount),
    couponCode: detail.coupon_code,
    totalCents: cents(detail.total),
    paymentMethod: paymentMethodOf(detail),
  };
}

/** GET /invoices/{id}.pdf with a valid signed link → the PDF and its file name. */
export async function invoicePdf(ctx: AppContext, { file, query, now = new Date() }: { file: string; query: LinkQuery; now?: Date }) {
  const match = /^(\d+)\.pdf$/.exec(file);
  if (!match) throw new AppError('payment.not_found');
  const paymentId = paymentIdOf(match[1]);
  checkInvoiceLink(ctx.config.appKey, paymentId, query, now);
  // The link is the permission, so the invoice is drawn as its payer sees the payment.
  const found = await billingRepository.findVisible(ctx.db, { kind: 'all' }, paymentId);
  if (!found) throw new AppError('payment.not_found');
  const { data } = await paymentDetail(ctx, found.user, paymentId);
  return { filename: `${data.invoice.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`, pdf: await (await loadPdfRenderer())(viewOf(data, ctx.config)) };
}
