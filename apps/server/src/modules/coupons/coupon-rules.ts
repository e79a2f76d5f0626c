import { centsToDollars, couponMessages, type AppliedCoupon } from '@copydesk/shared';
import type { DbOrTx } from '../../db/client.js';
import type { CouponRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { couponsRepository } from './coupons.repository.js';

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
 * Why a coupon may not be used. The wallet payment's SQL function (migration 0015) answers the same
 * reasons, checked in the same order as assertUsable.
 */
const couponRefusalMessages = {
  coupon_unknown: couponMessages.unknown,
  coupon_inactive: couponMessages.inactive,
  coupon_expired: couponMessages.expired,
  coupon_used_up: couponMessages.usedUp,
  coupon_not_for_you: couponMessages.notForYou,
} as const;
export type CouponRefusal = keyof typeof couponRefusalMessages;

export const couponRefusalError = (refusal: CouponRefusal) => AppError.field('coupon', couponRefusalMessages[refusal]);

/** Refuses a coupon the agency may not use now, with the reason (DESIGN.md §6.4). */
export function assertUsable(coupon: CouponRow | null, agencyId: number): asserts coupon is CouponRow {
  if (!coupon || coupon.deletedAt) throw couponRefusalError('coupon_unknown');
  if (coupon.status !== 1) throw couponRefusalError('coupon_inactive');
  if (coupon.expiry < today()) throw couponRefusalError('coupon_expired');
  if (coupon.usedCount >= coupon.usageLimit) throw couponRefusalError('coupon_used_up');
  if (coupon.agencyIds.length && !coupon.agencyIds.includes(agencyId)) throw couponRefusalError('coupon_not_for_you');
}

/** The coupon by id or code (any case), not deleted; usable or not. */
export const findCoupon = (db: DbOrTx, by: { id: number } | { code: string }) => couponsRepository.find(db, by);

/** Counts one use inside the payment transaction; refuses when a racing payment took the last one. */
export async function redeemCoupon(db: DbOrTx, redemption: { couponId: number; paymentId: number; orderId: number; userId: number; discountCents: number }) {
  if (!(await couponsRepository.countUse(db, redemption))) throw couponRefusalError('coupon_used_up');
}
