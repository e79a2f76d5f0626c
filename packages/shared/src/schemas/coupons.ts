import { z } from 'zod';
import { couponAdminMessages as m, messages } from '../messages.js';
import { formatMoney } from '../money.js';
import { ROLES } from '../roles.js';
import { isSaneDate, optionalQueryDate, optionalQueryText, pageMetaSchema, pagedQuerySchema } from './common.js';

/**
 * Coupon contracts (docs/decisions/0009-coupons.md). Amounts travel in API units:
 * dollars for a fixed coupon, percent for a percentage one. `user_id` is the comma-separated list
 * of agency ids the coupon is for ('' = every agency).
 */

export const COUPON_TYPES = ['fixed', 'percentage'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const COUPON_CODE_MAX = 50;
/** $1,000,000.00: far above any order, and safely inside a 32-bit count of cents. */
export const COUPON_FIXED_MAX_CENTS = 100_000_000;
export const COUPON_LIMIT_MAX = 1_000_000;
const MAX_ID = 2_147_483_647;

/** Zod's message for a value that is absent or of the wrong JSON type. */
const requiredOr = (invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? messages.fieldRequired : invalid;

export const couponCodeSchema = z
  .string({ error: requiredOr(m.codeInvalid) })
  .max(1000, m.codeTooLong)
  .trim()
  .min(1, messages.fieldRequired)
  .max(COUPON_CODE_MAX, m.codeTooLong)
  .regex(/^\S*$/, m.codeSpaces)
  .regex(/^[^\p{C}]*$/u, m.codeCharacters);

export const couponTypeSchema = z.enum(COUPON_TYPES, { error: requiredOr(m.typeInvalid) });

/** Digits with one decimal point (the form's rule), at most 2 decimals, above 0. */
export const couponAmountSchema = z.union([z.number(), z.string().max(30, m.amountInvalid)], { error: requiredOr(m.amountInvalid) }).transform((v, ctx) => {
  const text = typeof v === 'string' ? v.trim() : null;
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: messages.fieldRequired });
    return z.NEVER;
  }
  if (text !== null && !/^(\d+\.?\d*|\.\d+)$/.test(text)) {
    ctx.addIssue({ code: 'custom', message: m.amountInvalid });
    return z.NEVER;
  }
  const n = text !== null ? Number(text) : (v as number);
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: m.amountInvalid });
    return z.NEVER;
  }
  if (n <= 0) {
    ctx.addIssue({ code: 'custom', message: m.amountPositive });
    return z.NEVER;
  }
  // Past a trillion the type-dependent maximum (couponAmountProblem) is the message that helps.
  if (n > 1e12) return n;
  // Whole cents (within float noise), and at least one: 1e-9 is no amount, it would store 0.
  const cents = n * 100;
  if (Math.abs(Math.round(cents) - cents) > 1e-6 || Math.round(cents) < 1) {
    ctx.addIssue({ code: 'custom', message: m.amountDecimals });
    return z.NEVER;
  }
  return Math.round(cents) / 100;
});

/** `'3,7'`, `''`, `3` or `[3, 7]` → the list of ids; `''`/null = every agency. */
export const couponAgencyIdsSchema = z
  .union([z.string().max(20_000, m.agenciesInvalid), z.number(), z.array(z.union([z.number(), z.string().max(20)])).max(2000, m.agenciesInvalid)], {
    error: m.agenciesInvalid,
  })
  .nullish()
  .transform((v, ctx): number[] | undefined => {
    if (v === undefined) return undefined;
    if (v === null) return [];
    const parts = Array.isArray(v) ? v.map(String) : String(v).split(',');
    const ids: number[] = [];
    for (const raw of parts) {
      const part = raw.trim();
      if (part === '') continue;
      const id = /^\d{1,10}$/.test(part) ? Number(part) : Number.NaN;
      if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: m.agenciesInvalid });
        return z.NEVER;
      }
      if (!ids.includes(id)) ids.push(id);
    }
    return ids;
  });

/** A calendar date `YYYY-MM-DD`; "not before today" is the server's check (it knows today). */
export const couponExpirySchema = z
  .string({ error: requiredOr(m.expiryInvalid) })
  .max(30, m.expiryInvalid)
  .trim()
  .min(1, messages.fieldRequired)
  .refine(isSaneDate, m.expiryInvalid);

/** Digits only, at least 1: the number of paid orders that may use it (docs/decisions/0009-coupons.md). */
export const couponLimitSchema = z.union([z.number(), z.string().max(30, m.limitDigits)], { error: requiredOr(m.limitDigits) }).transform((v, ctx) => {
  const text = typeof v === 'string' ? v.trim() : null;
  if (text === '') {
    ctx.addIssue({ code: 'custom', message: messages.fieldRequired });
    return z.NEVER;
  }
  if (text !== null ? !/^\d+$/.test(text) : !Number.isInteger(v)) {
    ctx.addIssue({ code: 'custom', message: typeof v === 'number' && v < 1 ? m.limitMin : m.limitDigits });
    return z.NEVER;
  }
  const n = Number(text ?? v);
  if (n < 1) {
    ctx.addIssue({ code: 'custom', message: m.limitMin });
    return z.NEVER;
  }
  if (n > COUPON_LIMIT_MAX) {
    ctx.addIssue({ code: 'custom', message: m.limitMax(COUPON_LIMIT_MAX.toLocaleString('en-US')) });
    return z.NEVER;
  }
  return n;
});

export const couponStatusSchema = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: m.statusInvalid })
  .transform((v) => (v === 1 || v === '1' || v === true ? 1 : 0) as 0 | 1);

/** The amount rule that depends on the type. Returns the message, or null when it is fine. */
export function couponAmountProblem(type: CouponType, amount: number): string | null {
  if (type === 'percentage') return amount > 100 ? m.percentageMax : null;
  return Math.round(amount * 100) > COUPON_FIXED_MAX_CENTS ? m.fixedMax(formatMoney(COUPON_FIXED_MAX_CENTS)) : null;
}

const couponFields = {
  coupon_code: couponCodeSchema.describe('No spaces, at most 50 characters, unique whatever the case; cannot change later'),
  type: couponTypeSchema,
  amount: couponAmountSchema.describe('Dollars for fixed, percent (at most 100) for percentage; digits and one decimal point'),
  user_id: couponAgencyIdsSchema.describe("Comma-separated agency ids the coupon is for; '' or absent = every agency"),
  expiry: couponExpirySchema.describe('Last day it can be used, YYYY-MM-DD (UTC), not before today'),
  limit: couponLimitSchema.describe('How many paid orders may use it; digits, at least 1'),
};

/** POST /coupon. */
export const createCouponSchema = z.object(couponFields).superRefine((body, ctx) => {
  const problem = couponAmountProblem(body.type, body.amount);
  if (problem) ctx.addIssue({ code: 'custom', path: ['amount'], message: problem });
});
export type CreateCouponInput = z.input<typeof createCouponSchema>;

/**
 * PATCH /coupon/{id}: the same fields plus status, each optional (absent = unchanged). The code may
 * be sent but not changed; the type-dependent amount rule is checked on the merged coupon.
 */
export const updateCouponSchema = z.object({
  coupon_code: couponFields.coupon_code.optional(),
  type: couponFields.type.optional(),
  amount: couponFields.amount.optional(),
  user_id: couponFields.user_id,
  expiry: couponFields.expiry.optional(),
  limit: couponFields.limit.optional(),
  status: couponStatusSchema.optional().describe('1 active, 0 inactive'),
});
export type UpdateCouponInput = z.input<typeof updateCouponSchema>;

export const couponSchema = z.object({
  id: z.number(),
  coupon_code: z.string(),
  type: z.enum(COUPON_TYPES),
  amount: z.number(),
  /** Comma-separated agency ids; '' = every agency. */
  user_id: z.string(),
  expiry: z.string(),
  limit: z.number(),
  /** Paid orders that use it: a use a full refund gave back no longer counts. */
  used: z.number(),
  status: z.number(),
  created_at: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponResponseSchema = z.object({ data: couponSchema });
export const couponSavedResponseSchema = z.object({ message: z.string(), data: couponSchema });

export const COUPON_SORT_COLUMNS = ['id', 'coupon_code', 'type', 'amount', 'expiry', 'limit', 'status', 'created_at'] as const;
export const couponListQuerySchema = pagedQuerySchema(COUPON_SORT_COLUMNS, 5).extend({
  keyword: optionalQueryText(100),
  from: optionalQueryDate,
  to: optionalQueryDate,
});
export const couponListResponseSchema = z.object({ data: z.array(couponSchema), meta: pageMetaSchema });

export const COUPON_HISTORY_SORT_COLUMNS = ['id', 'coupon_code', 'user_name', 'order_id', 'created_at'] as const;
export const couponHistoryQuerySchema = pagedQuerySchema(COUPON_HISTORY_SORT_COLUMNS, 5).extend({
  keyword: optionalQueryText(100),
  from: optionalQueryDate,
  to: optionalQueryDate,
});
export const couponHistoryRowSchema = z.object({
  id: z.number(),
  coupon_code: z.string(),
  user_name: z.string(),
  order_id: z.number(),
  /** The discount the order got, in dollars. */
  discount: z.number(),
  created_at: z.string(),
  /** When a full refund of the order gave the use back (it no longer counts against the limit); null while it counts. */
  refunded_at: z.string().nullable(),
});
export const couponHistoryResponseSchema = z.object({ data: z.array(couponHistoryRowSchema), meta: pageMetaSchema });

/** GET /apply-coupon/{code}: the coupon as the payment screen applies it. */
export const applyCouponParamsSchema = z.object({ code: z.string().max(300) });
export const appliedCouponResponseSchema = z.object({
  id: z.number(),
  coupon_code: z.string(),
  type: z.enum(COUPON_TYPES),
  amount: z.number(),
  message: z.string(),
});

/**
 * GET /user/getuserbyrole/{role}: the users of one role for the admin's pickers (coupon agencies,
 * add-balance agency select).
 */
export const usersByRoleParamsSchema = z.object({ role: z.enum(ROLES, { error: messages.invalidData }) });
export const userByRoleSchema = z.object({ id: z.number(), name: z.string(), email: z.string(), company_name: z.string().nullable(), status: z.number() });
export const usersByRoleResponseSchema = z.object({ data: z.array(userByRoleSchema) });
