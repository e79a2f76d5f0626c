import { and, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { fulfilmentStats, orderItems, users, wallets } from '../../db/schema/index.js';

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

  async walletCents(db: DbOrTx) {
    const [row] = await db.select({ n: sql<string | null>`sum(${wallets.balanceCents})` }).from(wallets);
    return Number(row?.n ?? 0);
  },
};
