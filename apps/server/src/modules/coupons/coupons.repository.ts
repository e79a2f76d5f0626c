import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { couponRedemptions, coupons, users, type CouponRow } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like.js';
import { inMatching, matchingIds, utcDayRange } from '../../lib/list-filters.js';
import type { CouponRefusal } from './coupon-rules.js';

export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'deletedAt' | 'usedCount'>;
export type CouponChanges = Partial<Pick<CouponRow, 'type' | 'amount' | 'agencyIds' | 'expiry' | 'usageLimit' | 'status'>>;

export interface ListPage<C extends string> {
  limit: number;
  offset: number;
  sortColumn: C;
  sortOrder: 'asc' | 'desc';
}
export interface ListFilters {
  keyword?: string;
  from?: string;
  to?: string;
}

/** `from`/`to` are whole days (UTC), both included. */
const dateRange = (column: typeof coupons.createdAt | typeof couponRedemptions.createdAt, f: ListFilters) => utcDayRange(column, f.from, f.to);

const couponSort = {
  id: coupons.id,
  coupon_code: sql`lower(${coupons.code})`,
  type: coupons.type,
  // Cents and hundredths of a percent: both are the API amount × 100, so they sort together.
  amount: coupons.amount,
  expiry: coupons.expiry,
  limit: coupons.usageLimit,
  status: coupons.status,
  created_at: coupons.createdAt,
} as const;

const historySort = {
  id: couponRedemptions.id,
  coupon_code: sql`lower(${coupons.code})`,
  user_name: sql`lower(${users.name})`,
  order_id: couponRedemptions.orderId,
  created_at: couponRedemptions.createdAt,
} as const;

export const couponsRepository = {
  /**
   * The coupon with this code (any case), not deleted, and why the agency may not use it today
   * (null: it may). The reasons come from the SQL the booking uses (`coupon_refusal`, migration 0017).
   */
  async findForAgency(db: DbOrTx, code: string, agencyId: number, today: string): Promise<{ coupon: CouponRow | null; refusal: CouponRefusal | null }> {
    const [row] = await db
      .select({ coupon: coupons, refusal: sql<CouponRefusal | null>`coupon_refusal(${coupons}, ${agencyId}::integer, ${today}::date)` })
      .from(coupons)
      .where(and(isNull(coupons.deletedAt), eq(sql`lower(${coupons.code})`, code.trim().toLowerCase())))
      .limit(1);
    return row ? { coupon: row.coupon, refusal: row.refusal } : { coupon: null, refusal: 'coupon_unknown' };
  },

  async insert(db: DbOrTx, values: NewCoupon): Promise<CouponRow> {
    const [row] = await db.insert(coupons).values(values).returning();
    return row!;
  },

  /** Whether any coupon, deleted ones included, holds this code (codes stay unique for the history). */
  async codeTaken(db: DbOrTx, code: string): Promise<boolean> {
    const [row] = await db
      .select({ id: coupons.id })
      .from(coupons)
      .where(eq(sql`lower(${coupons.code})`, code.toLowerCase()))
      .limit(1);
    return Boolean(row);
  },

  async findLive(db: DbOrTx, id: number): Promise<CouponRow | null> {
    const [row] = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
      .limit(1);
    return row ?? null;
  },

  /**
   * Applies changes unless the coupon was deleted or, in the same statement, has been used more
   * often than the new limit allows (a payment may redeem it at the same moment). Null when refused.
   */
  async update(db: DbOrTx, id: number, changes: CouponChanges): Promise<CouponRow | null> {
    const limitHolds = changes.usageLimit === undefined ? undefined : lte(coupons.usedCount, changes.usageLimit);
    const [row] = await db
      .update(coupons)
      .set(changes)
      .where(and(eq(coupons.id, id), isNull(coupons.deletedAt), limitHolds))
      .returning();
    return row ?? null;
  },

  async softDelete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .update(coupons)
      .set({ deletedAt: sql`now()` })
      .where(and(eq(coupons.id, id), isNull(coupons.deletedAt)))
      .returning({ id: coupons.id });
    return rows.length > 0;
  },

  /** Which of these ids are agencies. */
  async agencyIdsAmong(db: DbOrTx, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.role, 'agency')));
    return rows.map((r) => r.id);
  },

  async list(db: DbOrTx, filters: ListFilters, page: ListPage<keyof typeof couponSort>) {
    const conditions: (SQL | undefined)[] = [isNull(coupons.deletedAt), ...dateRange(coupons.createdAt, filters)];
    if (filters.keyword) conditions.push(or(ilike(coupons.code, containsPattern(filters.keyword)), ilike(coupons.type, containsPattern(filters.keyword))));
    const where = and(...conditions);
    const direction = page.sortOrder === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db.select().from(coupons).where(where).orderBy(direction(couponSort[page.sortColumn]), direction(coupons.id)).limit(page.limit).offset(page.offset),
      db.select({ n: count() }).from(coupons).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** Redemptions with their coupon (deleted coupons too: history stays) and the paying user; a use a full refund gave back stays, marked. */
  async history(db: DbOrTx, filters: ListFilters, page: ListPage<keyof typeof historySort>) {
    const conditions: (SQL | undefined)[] = dateRange(couponRedemptions.createdAt, filters);
    if (filters.keyword) {
      const pattern = containsPattern(filters.keyword);
      const asOrderId = /^#?\d{1,9}$/.test(filters.keyword) ? Number(filters.keyword.replace('#', '')) : null;
      // The matching coupons and users first: then every arm is on coupon_redemptions and its indexes serve the search.
      const byCode = ilike(coupons.code, pattern);
      const byUser = or(ilike(users.name, pattern), ilike(users.email, pattern));
      const [codes, redeemers] = await Promise.all([matchingIds(db, coupons, coupons.id, byCode), matchingIds(db, users, users.id, byUser)]);
      conditions.push(
        or(
          inMatching(couponRedemptions.couponId, codes, byCode),
          inMatching(couponRedemptions.userId, redeemers, byUser),
          asOrderId === null ? undefined : eq(couponRedemptions.orderId, asOrderId),
        ) ?? sql`false`,
      );
    }
    const where = and(...conditions);
    const direction = page.sortOrder === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: couponRedemptions.id,
          code: coupons.code,
          userName: users.name,
          orderId: couponRedemptions.orderId,
          discountCents: couponRedemptions.discountCents,
          createdAt: couponRedemptions.createdAt,
          refundedAt: couponRedemptions.refundedAt,
        })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .innerJoin(users, eq(users.id, couponRedemptions.userId))
        .where(where)
        .orderBy(direction(historySort[page.sortColumn]), direction(couponRedemptions.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ n: count() })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .innerJoin(users, eq(users.id, couponRedemptions.userId))
        .where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
};
