import {
  couponAdminMessages,
  couponAmountProblem,
  couponAmountSchema,
  createCouponSchema,
  type Coupon,
  type CouponType,
  type CreateCouponInput,
} from '@copydesk/shared';
import { agencyIdsOf } from './format';

/** What the coupon form holds: text as typed, agency ids as strings (what MultiSelect uses). */
export type CouponFormValues = {
  coupon_code: string;
  type: CouponType | null;
  amount: string;
  agencies: string[];
  expiry: string;
  limit: string;
  /** Edit only: '1' active, '0' inactive. */
  status: '1' | '0';
};
export type CouponField = keyof CouponFormValues;
export type CouponFieldErrors = Partial<Record<CouponField, string>>;

export const emptyCouponForm: CouponFormValues = { coupon_code: '', type: null, amount: '', agencies: [], expiry: '', limit: '', status: '1' };

export const couponToForm = (coupon: Coupon): CouponFormValues => ({
  coupon_code: coupon.coupon_code,
  type: coupon.type,
  amount: String(coupon.amount),
  agencies: agencyIdsOf(coupon.user_id).map(String),
  expiry: coupon.expiry,
  limit: String(coupon.limit),
  status: coupon.status === 1 ? '1' : '0',
});

// Filters applied as the admin types: what cannot be valid never appears.

/** The code with every space removed; `hadSpace` says one was typed or pasted. */
export function typedCode(raw: string): { value: string; hadSpace: boolean } {
  const value = raw.replace(/\s+/g, '');
  return { value, hadSpace: value !== raw };
}

/**
 * Digits and one decimal point, at most 2 decimals (cents or hundredths of a percent). Other
 * characters (a `$`, a thousands comma) are dropped; a keystroke that would add a second point or
 * a third decimal is refused and the previous value stays.
 */
export function typedAmount(raw: string, previous: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  return /^\d*\.?\d{0,2}$/.test(cleaned) ? cleaned : previous;
}

/** Digits only, at most 7 (the limit is at most 1,000,000). */
export const typedLimit = (raw: string) => raw.replace(/\D/g, '').slice(0, 7);

const FIELD_OF_KEY: Record<string, CouponField> = {
  coupon_code: 'coupon_code',
  type: 'type',
  amount: 'amount',
  user_id: 'agencies',
  expiry: 'expiry',
  limit: 'limit',
  status: 'status',
};

export type CouponPayload = CreateCouponInput & { coupon_code: string; amount: number; user_id: string; expiry: string; limit: number };

type ValidateOptions = {
  /** YYYY-MM-DD: an expiry before it is refused… */
  today: string;
  /** …unless it is the coupon's unchanged expiry (an expired coupon can still be edited). */
  savedExpiry?: string;
};

/**
 * Checks the form with the shared contract (the server runs the same one) and returns the first
 * problem per field, or the payload of POST /coupon (PATCH adds status).
 */
export function validateCouponForm(values: CouponFormValues, { today, savedExpiry }: ValidateOptions): { errors: CouponFieldErrors; payload?: CouponPayload } {
  const body = {
    coupon_code: values.coupon_code,
    type: values.type ?? undefined,
    amount: values.amount,
    user_id: values.agencies.join(','),
    expiry: values.expiry,
    limit: values.limit,
  };
  const errors: CouponFieldErrors = {};
  const parsed = createCouponSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELD_OF_KEY[String(issue.path[0])];
      if (field) errors[field] ??= issue.message;
    }
  }
  // The schema skips its type-dependent amount rule while another field fails: check it here too.
  if (!errors.amount && values.type) {
    const amount = couponAmountSchema.safeParse(values.amount);
    const problem = amount.success ? couponAmountProblem(values.type, amount.data) : null;
    if (problem) errors.amount = problem;
  }
  if (!errors.expiry && values.expiry < today && values.expiry !== savedExpiry) errors.expiry = couponAdminMessages.expiryPast;

  if (Object.keys(errors).length || !parsed.success) return { errors };
  return {
    errors,
    payload: {
      coupon_code: parsed.data.coupon_code,
      type: parsed.data.type,
      amount: parsed.data.amount,
      // The original portal's wire format: comma-separated agency ids, '' for every agency.
      user_id: values.agencies.join(','),
      expiry: parsed.data.expiry,
      limit: parsed.data.limit,
    },
  };
}
