import { z } from 'zod';
import { CITY_MAX, PAYMENT_TYPES, TEXT_MAX } from '../constants.js';
import { messages } from '../messages.js';
import { zipCodeProblem } from '../zip-code.js';
import { optionalQueryDate, optionalQueryText, pageMetaSchema, pagedQuerySchema } from './common.js';

/**
 * Billing contracts: the add-balance and payment payloads (`paymentInfo`) and their answers. Card
 * fields are checked here for shape only; the gateway judges the card itself.
 */

const CARD_DIGITS = /^\d{12,19}$/;
const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const text = (max = TEXT_MAX) => z.string().max(max, messages.fieldTooLong(max)).nullish();
const MAX_ID = 2_147_483_647;
/** An id as a number or as its digits; either way within int4 (a larger one cannot name a row, and PostgreSQL refuses it). */
const flexibleId = z
  .union([
    z.number().int().positive().max(MAX_ID),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(z.number().int().positive(messages.invalidData).max(MAX_ID, messages.invalidData)),
  ])
  .nullish();
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .nullish()
  .transform((v) => v === true || v === 1 || v === '1');

/** Card number with spaces removed: digits only, at most 19 (CARD_DIGITS). */
export const normaliseCardNumber = (v: string) => v.replace(/[\s-]/g, '');

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** The card and billing-address part shared by top-ups and order payments. */
const cardFields = {
  nameOnCard: text(),
  cardNumber: z.string().max(40).nullish(),
  cardCvc: z.string().max(10).nullish(),
  month: z.union([z.string().max(2), z.number()]).nullish(),
  year: z.union([z.string().max(4), z.number()]).nullish(),
  saveCard: flag,
  savedCardid: flexibleId,
  /** Stripe mode: the PaymentMethod the browser created instead of a card number. */
  paymentMethodId: z
    .string()
    .max(100)
    .regex(/^pm_[A-Za-z0-9_]+$/)
    .nullish(),
  address: text(),
  country: text(),
  state: text(),
  city: text(CITY_MAX),
  /** Checked by `checkNewCard` after the required fields (`zipCodeProblem`). */
  zipCode: text(),
};

type CardPart = {
  nameOnCard?: string | null;
  cardNumber?: string | null;
  cardCvc?: string | null;
  month?: string | number | null;
  year?: string | number | null;
  paymentMethodId?: string | null;
  address?: string | null;
  country?: string | null;
  state?: string | null;
  city?: string | null;
  zipCode?: string | null;
};

/** The typed card's number, CVC and expiry (sandbox mode). */
function checkCardDetails(ctx: z.RefinementCtx, body: CardPart, cvcMessage: string, now: Date) {
  if (!CARD_DIGITS.test(normaliseCardNumber(body.cardNumber!))) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: messages.cardNumberNumeric });
  if (!/^\d{3}$/.test(String(body.cardCvc).trim())) ctx.addIssue({ code: 'custom', path: ['cardCvc'], message: cvcMessage });
  const month = Number(body.month);
  const year = Number(body.year);
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(month) || month < 1 || month > 12) ctx.addIssue({ code: 'custom', path: ['month'], message: messages.cardMonthInvalid });
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 10) ctx.addIssue({ code: 'custom', path: ['year'], message: messages.cardYearInvalid });
  else if (year === thisYear && month < now.getUTCMonth() + 1) ctx.addIssue({ code: 'custom', path: ['month'], message: messages.cardExpired });
}

/** Checks a new card's fields in the spec's order; `cvcMessage` differs between the two screens. */
export function checkNewCard(ctx: z.RefinementCtx, body: CardPart, cvcMessage: string, now = new Date()) {
  const required: (keyof CardPart)[] = body.paymentMethodId
    ? ['nameOnCard', 'address', 'country', 'state', 'city', 'zipCode']
    : ['month', 'year', 'cardNumber', 'cardCvc', 'nameOnCard', 'address', 'country', 'state', 'city', 'zipCode'];
  const missing = required.filter((k) => blank(body[k]));
  for (const key of missing) ctx.addIssue({ code: 'custom', path: [key], message: messages.requiredFields });
  if (missing.length) return;
  // Stripe's card element has judged the card itself.
  if (!body.paymentMethodId) checkCardDetails(ctx, body, cvcMessage, now);
  const zipCode = zipCodeProblem(body.zipCode);
  if (zipCode) ctx.addIssue({ code: 'custom', path: ['zipCode'], message: zipCode });
}

/** Amounts: above 0, at most 2 decimals (messages.balancePositive). */
export const moneyAmount = z
  .union([z.number(), z.string().max(30)])
  .nullish()
  .transform((v) => (typeof v === 'string' ? (/^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : Number.NaN) : v));
/**
 * Whole cents (within float noise), at least one, at most `max` dollars ($1,000,000 = 10⁸ cents,
 * far inside the 32-bit wallet column). 1e-9 is positive but rounds to 0 cents: not an amount.
 */
export function isValidAmount(v: number | null | undefined, max = 1_000_000): v is number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0 || v > max) return false;
  const cents = v * 100;
  return Math.round(cents) >= 1 && Math.abs(Math.round(cents) - cents) < 1e-6;
}

export const addBalanceInfoSchema = z
  .object({
    ...cardFields,
    balance: moneyAmount,
    description: text(),
    balanceByAdmin: flag,
    agency: flexibleId,
  })
  .superRefine((body, ctx) => {
    if (!isValidAmount(body.balance)) ctx.addIssue({ code: 'custom', path: ['balance'], message: messages.balancePositive });
    if (body.balanceByAdmin) {
      if (blank(body.agency)) ctx.addIssue({ code: 'custom', path: ['agency'], message: messages.requiredFields });
      if (blank(body.description)) ctx.addIssue({ code: 'custom', path: ['description'], message: messages.requiredFields });
      return;
    }
    if (body.savedCardid) return;
    checkNewCard(ctx, body, messages.cvcNumeric);
  });
export const addBalanceSchema = z.object({ paymentInfo: addBalanceInfoSchema });
export type AddBalanceInfo = z.input<typeof addBalanceInfoSchema>;

export const payOrderInfoSchema = z
  .object({
    ...cardFields,
    payment_type: z.enum(PAYMENT_TYPES, { error: messages.selectPaymentType }),
    order_id: flexibleId,
    /** Shown by the client; the server computes the amount itself. */
    total: z.number().nullish(),
    coupon_id: flexibleId,
    coupon_code: z.string().max(50).nullish(),
    coupon_discount: z.number().nullish(),
    /** Must be `true`: an order is paid only once its payer accepted the terms (absent is refused as `false` is). */
    termsAccepted: z.boolean().nullish(),
  })
  .superRefine((body, ctx) => {
    if (!body.order_id) ctx.addIssue({ code: 'custom', path: ['order_id'], message: messages.paymentInfoNotFound });
    if (body.termsAccepted !== true) ctx.addIssue({ code: 'custom', path: ['termsAccepted'], message: messages.acceptTerms });
    if (body.payment_type === 'SavedCard' && !body.savedCardid) ctx.addIssue({ code: 'custom', path: ['savedCardid'], message: messages.selectSavedCard });
    if (body.payment_type === 'NewCard') checkNewCard(ctx, body, messages.cvcNumericPayment);
  });
export const payOrderSchema = z.object({ paymentInfo: payOrderInfoSchema });
export type PayOrderInfo = z.input<typeof payOrderInfoSchema>;

export const payOrderResponseSchema = z.object({ message: z.string(), payment_id: z.number(), offer_message: z.string().nullable() });

/** The optional Idempotency-Key of a money call: a retry with the same key is answered from the first (docs/decisions/0006-idempotency-keys.md). */
export const idempotencyHeaderSchema = z.object({ 'idempotency-key': z.string().max(300).optional() }).loose();

/** The card gateways PAYMENT_GATEWAY chooses between. */
export const PAYMENT_GATEWAYS = ['sandbox', 'stripe'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/**
 * GET /payment-config: what the browser needs before drawing a card form. In `stripe` mode the card
 * fields are Stripe's card element, loaded with this publishable key; `sandbox` has no key.
 */
export const paymentConfigResponseSchema = z.object({
  gateway: z.enum(PAYMENT_GATEWAYS),
  publishable_key: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigResponseSchema>;

/** GET /user/setup-intent: what the card form needs to save a card (a Stripe client secret; none in sandbox mode). */
export const setupIntentResponseSchema = z.object({ gateway: z.enum(PAYMENT_GATEWAYS), client_secret: z.string().nullable() });

export const balanceResponseSchema = z.object({ balance: z.number() });
/** What the agency's orders cost, net of their refunds, in dollars. */
export const spendingResponseSchema = z.object({ spending: z.number() });
export const userIdParamSchema = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });

export const savedCardSchema = z.object({ id: z.number(), card_last_digits: z.string(), card_expiry: z.string() });
/**
 * The billing address of the agency's last card payment, for the card forms to start from. Country
 * and state come with the ids of the location lists (`US`, `US-CA`), or not at all when the names
 * are no longer in those lists.
 */
export const lastBillingAddressSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  country_id: z.string().nullable(),
  country: z.string().nullable(),
  state_id: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
});
export type LastBillingAddress = z.infer<typeof lastBillingAddressSchema>;
export const savedCardsResponseSchema = z.object({ data: z.array(savedCardSchema), billing_address: lastBillingAddressSchema.nullable().optional() });

export const BILLING_SORT_COLUMNS = ['id', 'user_id', 'type', 'data', 'total', 'created_at'] as const;
export const billingListQuerySchema = pagedQuerySchema(BILLING_SORT_COLUMNS, 5).extend({
  from: optionalQueryDate,
  to: optionalQueryDate,
  search: optionalQueryText(100),
});

export const billingRowSchema = z.object({
  id: z.number(),
  invoice: z.string(),
  user: z.string(),
  email: z.string(),
  description: z.string(),
  method: z.string(),
  amount: z.number(),
  date: z.string(),
  type: z.enum(['add balance', 'order payment', 'refund']),
  order_id: z.number().nullable(),
});

/** What a row of the billing history records: every movement of the wallet, and every payment. */
export const BILLING_HISTORY_TYPES = ['add balance', 'admin credit', 'order payment', 'refund', 'offer credit'] as const;
export type BillingHistoryType = (typeof BILLING_HISTORY_TYPES)[number];

/**
 * A row of the billing history (GET /billing): a wallet movement (top-up, admin credit, wallet
 * payment, refund, offer credit) or a payment that moved no wallet (a card payment). `id` is the
 * payment whose invoice or credit note the row shows, `null` for the offer credit, which has none;
 * `key` tells rows apart. `wallet_amount` is what the row did to the wallet, signed (0 for a card
 * payment), and `balance_after` the balance it left (null when it moved none): an agency's
 * `wallet_amount`s add up to its balance.
 */
export const billingHistoryRowSchema = billingRowSchema.extend({
  key: z.string(),
  id: z.number().nullable(),
  invoice: z.string().nullable(),
  type: z.enum(BILLING_HISTORY_TYPES),
  wallet_amount: z.number(),
  balance_after: z.number().nullable(),
});
export type BillingHistoryRow = z.infer<typeof billingHistoryRowSchema>;
export const billingListResponseSchema = z.object({ data: z.array(billingHistoryRowSchema), meta: pageMetaSchema });

/** How many months the spending chart shows, the current one included. */
export const SPENDING_MONTHS = 6;

/**
 * GET /billing/spendingByMonth: order payments net of their refunds per UTC month (YYYY-MM), the
 * last SPENDING_MONTHS months, oldest first, months without payments as 0. A refund lowers the
 * month of the payment it returns.
 */
export const monthlySpendingResponseSchema = z.object({ data: z.array(z.object({ month: z.string(), spending: z.number() })) });

export const billingDetailSchema = billingRowSchema.extend({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  coupon_code: z.string().nullable(),
  total: z.number(),
  total_items: z.number(),
  card_last_digits: z.string().nullable(),
  card_expiry: z.string().nullable(),
  orderBreakDown: z.array(
    z.object({
      title: z.string().nullable(),
      project_name: z.string().nullable(),
      itemType: z.string(),
      itemWord: z.string(),
      /** The item's whole price, add-on included. */
      itemWordPrice: z.number(),
      /** The add-on of the item and its part of that price. */
      itemAddons: z.string().nullable().optional(),
      itemAddonPrice: z.number().optional(),
    }),
  ),
});
export const billingDetailResponseSchema = z.object({ data: billingDetailSchema });

/** GET /order/downloadinvoice/{payment id}: a payment id as sent (the service reads it), and the signed link to its PDF. */
export const invoiceLinkParamsSchema = z.object({ id: z.string().max(40) });
export const invoiceLinkResponseSchema = z.object({ link: z.url() });

/** GET /invoices/{file}?expires&signature: the PDF behind a signed link; the service checks the signature. */
export const invoicePdfParamsSchema = z.object({ file: z.string().max(40) });
export const invoicePdfQuerySchema = z.object({ expires: z.unknown().optional(), signature: z.unknown().optional() });
