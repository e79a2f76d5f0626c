import { and, asc, eq, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fulfilmentStats, orderItems, orders, users, wallets } from '../../db/schema/index.js';

/** The operator's dashboard figures; each is one indexed or pre-aggregated read. */
export const dashboardRepository = {
  async agencyCounts(db: DbOrTx) {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${users.status} = 1)::int` })
      .from(users)
      .where(sql`${users.role} = 'agency'`);
    return { total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
  },

  /** Paid items not yet approved, from the counters the fulfilment queue keeps. */
  async openItems(db: DbOrTx) {
    const [row] = await db
      .select({ n: sql<string | null>`sum(${fulfilmentStats.items})` })
      .from(fulfilmentStats)
      .where(ne(fulfilmentStats.status, 'Approved'));
    return Number(row?.n ?? 0);
  },

  /** Open items past their due date (the fulfilment queue's partial index on due_at). */
  async overdueItems(db: DbOrTx) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(and(isNull(orderItems.deletedAt), notInArray(orderItems.status, ['Unpaid', 'Approved']), lt(orderItems.dueAt, sql`now()`)));
    return Number(row?.n ?? 0);
  },

  /** Paid items nobody has taken (Unassigned), from the fulfilment queue's counters. */
  async unassignedCount(db: DbOrTx) {
    const [row] = await db
      .select({ n: sql<string | null>`sum(${fulfilmentStats.items})` })
      .from(fulfilmentStats)
      .where(eq(fulfilmentStats.status, 'Unassigned'));
    return Number(row?.n ?? 0);
  },

  /** The first `limit` Unassigned items by due date, as the fulfilment queue sorts them by default. */
  async unassignedItems(db: DbOrTx, limit: number) {
    return db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        articleTitle: orderItems.articleTitle,
        orderType: orderItems.orderType,
        dueAt: orderItems.dueAt,
        agencyId: users.id,
        agencyName: sql<string>`coalesce(${users.companyName}, ${users.name})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(users, eq(users.id, orders.agencyId))
      .where(and(isNull(orderItems.deletedAt), isNull(orders.deletedAt), eq(orderItems.status, 'Unassigned')))
      .orderBy(asc(orderItems.dueAt), asc(orderItems.id))
      .limit(limit);
  },

  async walletCents(db: DbOrTx) {
    const [row] = await db.select({ n: sql<string | null>`sum(${wallets.balanceCents})` }).from(wallets);
    return Number(row?.n ?? 0);
  },
};
