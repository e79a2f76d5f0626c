import { and, eq, isNull, sql } from 'drizzle-orm';
import { centsToDollars, couponMessages, type AppliedCoupon } from '@copydesk/shared';
import type { DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons, type CouponRow } from '../../db/schema/index.js';
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

export async function findCoupon(db: DbOrTx, by: { id: number } | { code: string }): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(isNull(coupons.deletedAt), 'id' in by ? eq(coupons.id, by.id) : eq(sql`lower(${coupons.code})`, by.code.trim().toLowerCase())))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one use inside the payment transaction. The conditional UPDATE is atomic, so with many
 * payments racing for the last use exactly one wins; the others are refused.
 */
export async function redeemCoupon(
  db: DbOrTx,
  redemption: { couponId: number; paymentId: number; orderId: number; userId: number; discountCents: number },
) {
  const [row] = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.id, redemption.couponId), sql`${coupons.usedCount} < ${coupons.usageLimit}`))
    .returning({ id: coupons.id });
  if (!row) throw couponRefusalError('coupon_used_up');
  await db.insert(couponRedemptions).values(redemption);
}
