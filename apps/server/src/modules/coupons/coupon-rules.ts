import { centsToDollars, type AppliedCoupon, type ErrorCode } from '@copydesk/shared';
import type { CouponRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** The coupon as the apply call and the discount rule see it (API units). */
export function appliedCoupon(coupon: CouponRow): AppliedCoupon & { id: number; coupon_code: string } {
  return {
    id: coupon.id,
    coupon_code: coupon.code,
    type: coupon.type,
    amount: coupon.type === 'fixed' ? centsToDollars(coupon.amount) : coupon.amount / 100,
  };
}

/** Today's date in UTC (YYYY-MM-DD): a coupon is usable through its expiry day. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * Why a coupon may not be used, as the booking routine's `coupon_refusal` (migration 0017) answers:
 * the rules themselves live only there (docs/decisions/0003-one-booking-routine.md).
 */
const couponRefusalCodes = {
  coupon_unknown: 'coupon.unknown',
  coupon_inactive: 'coupon.inactive',
  coupon_expired: 'coupon.expired',
  coupon_used_up: 'coupon.used_up',
  coupon_not_for_you: 'coupon.not_for_you',
} as const satisfies Record<string, ErrorCode>;
export type CouponRefusal = keyof typeof couponRefusalCodes;

export const couponRefusalError = (refusal: CouponRefusal) => AppError.field(couponRefusalCodes[refusal], 'coupon');
