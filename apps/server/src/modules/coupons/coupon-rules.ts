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

const today = () => new Date().toISOString().slice(0, 10);

/** Refuses a coupon the agency may not use now, with the reason (DESIGN.md §6.4). */
export function assertUsable(coupon: CouponRow | null, agencyId: number): asserts coupon is CouponRow {
  if (!coupon || coupon.deletedAt) throw AppError.field('coupon', couponMessages.unknown);
  if (coupon.status !== 1) throw AppError.field('coupon', couponMessages.inactive);
  if (coupon.expiry < today()) throw AppError.field('coupon', couponMessages.expired);
  if (coupon.usedCount >= coupon.usageLimit) throw AppError.field('coupon', couponMessages.usedUp);
  if (coupon.agencyIds.length && !coupon.agencyIds.includes(agencyId)) throw AppError.field('coupon', couponMessages.notForYou);
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
  if (!row) throw AppError.field('coupon', couponMessages.usedUp);
  await db.insert(couponRedemptions).values(redemption);
}
