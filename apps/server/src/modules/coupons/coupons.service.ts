import type { z } from 'zod';
import {
  centsToDollars,
  couponAdminMessages,
  couponAmountProblem,
  couponMessages,
  dollarsToCents,
  messages,
  type Coupon,
  type couponHistoryQuerySchema,
  type couponListQuerySchema,
  type CouponType,
  type createCouponSchema,
  type updateCouponSchema,
} from '@copydesk/shared';
import { sqlState, type Database } from '../../db/client.js';
import type { CouponRow, UserRow } from '../../db/schema/index.js';
import { agencyIdOf } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { offsetOf, pageMeta } from '../../lib/pagination.js';
import { appliedCoupon, couponRefusalError, today } from './coupon-rules.js';
import { couponsRepository, type CouponChanges } from './coupons.repository.js';

/** Coupon administration (admin) and the apply check of the payment screen (docs/decisions/0009-coupons.md). */

type CreateInput = z.output<typeof createCouponSchema>;
type UpdateInput = z.output<typeof updateCouponSchema>;
type ListQuery = z.output<typeof couponListQuerySchema>;
type HistoryQuery = z.output<typeof couponHistoryQuerySchema>;

/** Today as the coupon rules see it (UTC), so a coupon valid to today can still be used today. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** API amount → stored integer: cents for fixed, hundredths of a percent for percentage. */
const storedAmount = (type: CouponType, amount: number) => (type === 'fixed' ? dollarsToCents(amount)! : Math.round(amount * 100));

export function couponDto(row: CouponRow): Coupon {
  return {
    id: row.id,
    coupon_code: row.code,
    type: row.type,
    amount: appliedCoupon(row).amount,
    user_id: row.agencyIds.join(','),
    expiry: row.expiry,
    limit: row.usageLimit,
    used: row.usedCount,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

async function assertAgencies(db: Database, ids: number[]) {
  const found = await couponsRepository.agencyIdsAmong(db, ids);
  if (found.length !== ids.length) throw AppError.field('coupon.agencies_invalid', 'user_id');
}

function assertAmount(type: CouponType, amount: number) {
  const problem = couponAmountProblem(type, amount);
  if (problem) throw AppError.field(type === 'percentage' ? 'coupon.percentage_too_high' : 'coupon.amount_too_high', 'amount', problem);
}

async function findOr404(db: Database, id: number) {
  const coupon = await couponsRepository.findLive(db, id);
  if (!coupon) throw new AppError('coupon.not_found');
  return coupon;
}

/** POST /coupon. */
export async function createCoupon(ctx: AppContext, _actor: UserRow, input: CreateInput) {
  const { db } = ctx;
  assertAmount(input.type, input.amount);
  if (input.expiry < todayUtc()) throw AppError.field('coupon.expiry_past', 'expiry');
  const agencyIds = input.user_id ?? [];
  await assertAgencies(db, agencyIds);
  if (await couponsRepository.codeTaken(db, input.coupon_code)) throw AppError.field('coupon.code_taken', 'coupon_code');
  try {
    const row = await couponsRepository.insert(db, {
      code: input.coupon_code,
      type: input.type,
      amount: storedAmount(input.type, input.amount),
      agencyIds,
      expiry: input.expiry,
      usageLimit: input.limit,
      status: 1,
    });
    return { message: messages.couponCreated, data: couponDto(row) };
  } catch (err) {
    // Two admins saving the same code at once: the unique index decides.
    if (sqlState(err) === '23505') throw AppError.field('coupon.code_taken', 'coupon_code');
    throw err;
  }
}

/** PATCH /coupon/{id}: absent fields stay; the code never changes; the limit never drops below the uses. */
export async function updateCoupon(ctx: AppContext, _actor: UserRow, { id, changes: input }: { id: number; changes: UpdateInput }) {
  const { db } = ctx;
  const current = await findOr404(db, id);
  if (input.coupon_code !== undefined && input.coupon_code !== current.code) throw AppError.field('coupon.code_locked', 'coupon_code');

  const type = input.type ?? current.type;
  const amount = input.amount ?? appliedCoupon(current).amount;
  assertAmount(type, amount);
  // An unchanged past expiry may stay (e.g. to deactivate an expired coupon); a new one may not be past.
  if (input.expiry !== undefined && input.expiry !== current.expiry && input.expiry < todayUtc()) {
    throw AppError.field('coupon.expiry_past', 'expiry');
  }
  if (input.user_id !== undefined) await assertAgencies(db, input.user_id);
  if (input.limit !== undefined && input.limit < current.usedCount)
    throw AppError.field('coupon.limit_below_used', 'limit', couponAdminMessages.limitBelowUsed(current.usedCount));

  const changes: CouponChanges = { type, amount: storedAmount(type, amount) };
  if (input.user_id !== undefined) changes.agencyIds = input.user_id;
  if (input.expiry !== undefined) changes.expiry = input.expiry;
  if (input.limit !== undefined) changes.usageLimit = input.limit;
  if (input.status !== undefined) changes.status = input.status;

  let row: CouponRow | null;
  try {
    row = await couponsRepository.update(db, id, changes);
  } catch (err) {
    // A payment redeemed it between our read and the update.
    if (sqlState(err) === '23514') row = null;
    else throw err;
  }
  if (!row) {
    const now = await findOr404(db, id);
    throw AppError.field('coupon.limit_below_used', 'limit', couponAdminMessages.limitBelowUsed(now.usedCount));
  }
  return { message: messages.couponUpdated, data: couponDto(row) };
}

export async function getCoupon(ctx: AppContext, _actor: UserRow, id: number) {
  const { db } = ctx;
  return { data: couponDto(await findOr404(db, id)) };
}

/** DELETE /coupon/{id}: soft delete; redemptions and payments keep pointing at it. */
export async function deleteCoupon(ctx: AppContext, _actor: UserRow, id: number) {
  const { db } = ctx;
  if (!(await couponsRepository.softDelete(db, id))) throw new AppError('coupon.not_found');
  return { message: messages.success };
}

export async function listCoupons(ctx: AppContext, _actor: UserRow, query: ListQuery) {
  const { db } = ctx;
  const { rows, total } = await couponsRepository.list(
    db,
    { keyword: query.keyword, from: query.from, to: query.to },
    { limit: query.limit, offset: offsetOf(query), sortColumn: query.sort_column, sortOrder: query.sort_order },
  );
  return { data: rows.map(couponDto), meta: pageMeta(query, total, rows.length) };
}

export async function listCouponHistory(ctx: AppContext, _actor: UserRow, query: HistoryQuery) {
  const { db } = ctx;
  const { rows, total } = await couponsRepository.history(
    db,
    { keyword: query.keyword, from: query.from, to: query.to },
    { limit: query.limit, offset: offsetOf(query), sortColumn: query.sort_column, sortOrder: query.sort_order },
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      coupon_code: r.code,
      user_name: r.userName,
      order_id: r.orderId,
      discount: centsToDollars(r.discountCents),
      created_at: r.createdAt.toISOString(),
      refunded_at: r.refundedAt?.toISOString() ?? null,
    })),
    meta: pageMeta(query, total, rows.length),
  };
}

/**
 * GET /apply-coupon/{code}: the coupon if the caller's agency may use it now. Nothing is reserved;
 * the payment checks again and counts the use.
 */
export async function applyCoupon(ctx: AppContext, actor: UserRow, code: string) {
  const { db } = ctx;
  const agencyId = agencyIdOf(actor);
  if (agencyId === null) throw new AppError('auth.forbidden');
  const trimmed = code.trim();
  if (!trimmed) throw AppError.field('coupon.code_required', 'coupon');
  // A code that could never have been saved is simply unknown; no need to ask the database.
  const { coupon, refusal } =
    trimmed.length <= 50 && !/\s/.test(trimmed)
      ? await couponsRepository.findForAgency(db, trimmed, agencyId, today())
      : { coupon: null, refusal: 'coupon_unknown' as const };
  if (refusal || !coupon) throw couponRefusalError(refusal ?? 'coupon_unknown');
  return { ...appliedCoupon(coupon), message: couponMessages.applied };
}
