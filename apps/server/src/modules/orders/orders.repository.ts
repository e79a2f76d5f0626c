import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { OrderScope } from '../../lib/access.js';
import { agencyOrderStats, orderItems, orders, users, type OrderItemRow } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like.js';
import { inMatching, integerArray, matchingIds, utcDayRange } from '../../lib/list-filters.js';

export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;

/** The columns of an item that only its lifecycle writes (move_items, migration 0017). */
type LifecycleColumn = 'status' | 'deletedAt' | 'dueAt' | 'linkagentId' | 'reviewStartedAt' | 'autoApproveWarnedAt' | 'revisionsLeft' | 'approvedAt';

/** Where an item may be: its status, or deleted. */
export type ItemState = OrderItemRow['status'] | 'Deleted';
/** Who moves an item: the columns of item_transitions.actors. */
export type ItemMover = 'payment' | 'fulfilment' | 'orderer' | 'auto_approval' | 'admin';

export interface ItemMove {
  itemIds: number[];
  to: ItemState;
  by: ItemMover;
  /** Who made the change; null for a job (the automatic approval). */
  userId: number | null;
  /** The activity entry each moved item gets. */
  description: string;
  /** When it happened (review clock, approval, deletion); the database's now() by default. */
  at?: Date;
  /** The writer taking the item (to In Progress). */
  agentId?: number | null;
  /** The delivered file the activity entry links to. */
  file?: { key: string; name: string } | null;
}

/** An integer[] as the drivers return it: an array (pg), or its text form `{1,2}`. */
function parseIntArray(value: number[] | string | undefined): number[] {
  if (!value) return [];
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/** The WHERE part of a scope, on `orders`. */
export function scopeCondition(scope: OrderScope): SQL | undefined {
  if (scope.kind === 'agency') return eq(orders.agencyId, scope.agencyId);
  if (scope.kind === 'user') return eq(orders.userId, scope.userId);
  return undefined;
}

const liveItems = (orderId = orders.id) => and(eq(orderItems.orderId, orderId), isNull(orderItems.deletedAt));

/** Derived order status (docs/decisions/0004-item-state-machine.md), computed only for the rows of a page. */
const statusSql = sql<'UNPAID' | 'IN-PROGRESS' | 'COMPLETED'>`case
  when ${orders.paidAt} is null then 'UNPAID'
  when not exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.deletedAt} is null and ${orderItems.status} <> 'Approved') then 'COMPLETED'
  else 'IN-PROGRESS' end`;

/** `exists (…)` over the order's live items matching a condition. */
const hasItem = (condition: SQL | undefined) => sql`exists (select 1 from ${orderItems} where ${liveItems()} and ${condition})`;
const notApprovedItem = hasItem(ne(orderItems.status, 'Approved'));
const pendingReviewItem = hasItem(eq(orderItems.status, 'Pending Review'));

export interface OrderFilters {
  keyword?: string;
  orderId?: number;
  date?: string;
  user?: number;
  status?: 'unpaid' | 'inprogress' | 'pending_review';
}

/** The users who can have placed a scope's orders: an order's agency is its orderer's, for good. */
function orderersOf(scope: OrderScope): SQL | undefined {
  if (scope.kind === 'agency') return or(eq(users.id, scope.agencyId), eq(users.agencyId, scope.agencyId));
  if (scope.kind === 'user') return eq(users.id, scope.userId);
  return undefined;
}

/**
 * Past this many orders matching a keyword by their items, the search stays a semi-join. Below it,
 * the items' trigram index is read once per request (by the lookup) instead of three times (lookup,
 * page and count): for a keyword with a word every title shares, that read is most of the request.
 */
const MAX_LISTED_ORDERS = 5000;

/**
 * Ids of the orders with a live item whose title, project or type matches, or `'many'`. A trigram
 * index finds the items of a specific keyword quickly, but the planner can only guess how many there
 * are (from a 100-value histogram), and a guess ten times too high has the page and the count scan
 * the orders instead; with the ids in hand, both read exactly those orders. The materialized CTE is
 * planned as if every match were wanted (so a specific keyword reads the index) and is read only up
 * to the limit (so a keyword most items share stops early).
 */
async function ordersWithItemsMatching(db: DbOrTx, itemMatches: SQL | undefined): Promise<number[] | 'many'> {
  const result = await db.execute(sql`with matches as materialized (
      select ${orderItems.orderId} as order_id from ${orderItems} where ${orderItems.deletedAt} is null and ${itemMatches})
    select order_id from matches limit ${MAX_LISTED_ORDERS + 1}`);
  const rows = (result as unknown as { rows: { order_id: number }[] }).rows;
  return rows.length > MAX_LISTED_ORDERS ? 'many' : [...new Set(rows.map((r) => Number(r.order_id)))];
}

/**
 * Orders whose number is the keyword, whose orderer's name contains it, or with a live item whose
 * title, project or type contains it. The matching orderers (usually none) and orders are looked
 * up first; when a keyword matches too many orders to list, it is a semi-join on the items, which
 * the planner drives from the orders' own order.
 */
async function keywordCondition(db: DbOrTx, scope: OrderScope, keyword: string): Promise<SQL> {
  const pattern = containsPattern(keyword);
  const asId = /^\d{1,9}$/.test(keyword) ? Number(keyword) : null;
  const itemMatches = or(ilike(orderItems.articleTitle, pattern), ilike(orderItems.projectName, pattern), ilike(orderItems.orderType, pattern));
  const [orderers, byItems] = await Promise.all([
    matchingIds(db, users, users.id, and(orderersOf(scope), ilike(users.name, pattern))),
    ordersWithItemsMatching(db, itemMatches),
  ]);
  const byOrderer = inMatching(orders.userId, orderers, ilike(users.name, pattern));
  if (byItems !== 'many') {
    const ids = asId === null ? byItems : [...byItems, asId];
    // One array parameter, not thousands: the statement's text (and its plan) stays the same.
    return or(byOrderer, ids.length ? sql`${orders.id} = any(${integerArray(ids)})` : undefined) ?? sql`false`;
  }
  if (!byOrderer) {
    const byId = asId === null ? sql`` : sql` union all select ${asId}::integer`;
    return sql`${orders.id} in (select ${orderItems.orderId} from ${orderItems} where ${orderItems.deletedAt} is null and ${itemMatches}${byId})`;
  }
  return or(asId === null ? undefined : eq(orders.id, asId), byOrderer, hasItem(itemMatches))!;
}

async function filterConditions(db: DbOrTx, scope: OrderScope, f: OrderFilters): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [isNull(orders.deletedAt), scopeCondition(scope)];
  if (f.orderId) conditions.push(eq(orders.id, f.orderId));
  if (f.user) conditions.push(eq(orders.userId, f.user));
  if (f.date) conditions.push(...utcDayRange(orders.createdAt, f.date, f.date));
  if (f.status === 'unpaid') conditions.push(isNull(orders.paidAt));
  if (f.status === 'inprogress') conditions.push(and(isNotNull(orders.paidAt), notApprovedItem));
  if (f.status === 'pending_review') conditions.push(pendingReviewItem);
  if (f.keyword) conditions.push(await keywordCondition(db, scope, f.keyword));
  return and(...conditions);
}

const sortColumns = { id: orders.id, user_id: orders.userId, created_at: orders.createdAt, total: orders.totalCents } as const;
type SortColumn = keyof typeof sortColumns;

/** A sort column's value as a cursor holds it (ListCursor.value), and the type it is read back as. */
const cursorValueSql = (column: SortColumn): SQL<string> =>
  column === 'created_at'
    ? sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`${sortColumns[column]}::text`;
const cursorValueType: Record<SortColumn, string> = { id: 'integer', user_id: 'integer', created_at: 'timestamptz', total: 'bigint' };

/** The rows after a cursor's row in the list's order: (sort value, id) past the cursor's pair. */
function afterCursor(column: SortColumn, sortOrder: 'asc' | 'desc', after: { value: string; id: number }): SQL {
  const past = sql.raw(sortOrder === 'asc' ? '>' : '<');
  if (column === 'id') return sql`${orders.id} ${past} ${after.id}`;
  return sql`(${sortColumns[column]}, ${orders.id}) ${past} (cast(${after.value} as ${sql.raw(cursorValueType[column])}), ${after.id})`;
}

const orderRowSelection = {
  id: orders.id,
  userId: orders.userId,
  orderBy: users.name,
  totalCents: orders.totalCents,
  itemCount: orders.itemCount,
  paidAt: orders.paidAt,
  paymentId: orders.paymentId,
  createdAt: orders.createdAt,
  status: statusSql,
};
export type OrderListRow = {
  id: number;
  userId: number;
  orderBy: string;
  totalCents: number;
  itemCount: number;
  paidAt: Date | null;
  paymentId: number | null;
  createdAt: Date;
  status: 'UNPAID' | 'IN-PROGRESS' | 'COMPLETED';
};

const hasFilters = (f: OrderFilters) => Boolean(f.keyword || f.orderId || f.date || f.user || f.status);

/**
 * Counts from agency_order_stats (kept by triggers) where they answer the question exactly:
 * admin or agency scope, no filters other than unpaid. Null when rows must be counted.
 */
async function statsCount(db: DbOrTx, scope: OrderScope, which: 'orders' | 'unpaid'): Promise<number | null> {
  if (scope.kind === 'user') return null;
  const column = which === 'orders' ? agencyOrderStats.orders : agencyOrderStats.unpaid;
  const [row] = await db
    .select({ n: sql<string | null>`sum(${column})` })
    .from(agencyOrderStats)
    .where(scope.kind === 'agency' ? eq(agencyOrderStats.agencyId, scope.agencyId) : undefined);
  return Number(row?.n ?? 0);
}

export const ordersRepository = {
  async list(
    db: DbOrTx,
    scope: OrderScope,
    filters: OrderFilters,
    page: { limit: number; offset: number; after?: { value: string; id: number }; sortColumn: SortColumn; sortOrder: 'asc' | 'desc' },
  ): Promise<{ rows: OrderListRow[]; total: number; last: { value: string; id: number } | null }> {
    const where = await filterConditions(db, scope, filters);
    const direction = page.sortOrder === 'asc' ? asc : desc;
    const known = hasFilters(filters) ? null : await statsCount(db, scope, 'orders');
    const [rows, [totalRow]] = await Promise.all([
      db
        .select({ ...orderRowSelection, cursorValue: cursorValueSql(page.sortColumn) })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(page.after ? and(where, afterCursor(page.sortColumn, page.sortOrder, page.after)) : where)
        .orderBy(direction(sortColumns[page.sortColumn]), direction(orders.id))
        .limit(page.limit)
        .offset(page.after ? 0 : page.offset),
      known !== null ? [{ n: known }] : db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
    ]);
    const lastRow = rows.at(-1);
    return {
      rows: rows as OrderListRow[],
      total: Number(totalRow?.n ?? 0),
      last: lastRow ? { value: lastRow.cursorValue, id: lastRow.id } : null,
    };
  },

  async countByStatus(db: DbOrTx, scope: OrderScope, status: 'all' | 'approved' | 'unpaid' | 'null'): Promise<number> {
    if (status === 'all' || status === 'unpaid') {
      const known = await statsCount(db, scope, status === 'all' ? 'orders' : 'unpaid');
      if (known !== null) return known;
    }
    const conditions: (SQL | undefined)[] = [isNull(orders.deletedAt), scopeCondition(scope)];
    if (status === 'unpaid') conditions.push(isNull(orders.paidAt));
    if (status === 'approved') conditions.push(isNotNull(orders.paidAt), sql`not ${notApprovedItem}`);
    if (status === 'null') conditions.push(isNotNull(orders.paidAt), notApprovedItem);
    const [row] = await db
      .select({ n: count() })
      .from(orders)
      .where(and(...conditions));
    return Number(row?.n ?? 0);
  },

  /** One order if the scope may see it. */
  async findVisible(db: DbOrTx, scope: OrderScope, id: number): Promise<OrderListRow | null> {
    const [row] = await db
      .select(orderRowSelection)
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(eq(orders.id, id), isNull(orders.deletedAt), scopeCondition(scope)))
      .limit(1);
    return (row as OrderListRow | undefined) ?? null;
  },

  /** Locks the order row for the rest of the transaction; with a scope, only an order it may see. */
  async lockOrder(db: DbOrTx, id: number, scope: OrderScope = { kind: 'all' }) {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), isNull(orders.deletedAt), scopeCondition(scope)))
      .for('update')
      .limit(1);
    return row ?? null;
  },

  async items(db: DbOrTx, orderIds: number[]): Promise<OrderItemRow[]> {
    if (!orderIds.length) return [];
    return db
      .select()
      .from(orderItems)
      .where(and(inArray(orderItems.orderId, orderIds), isNull(orderItems.deletedAt)))
      .orderBy(asc(orderItems.id));
  },

  /** The live items of an order, locked for the rest of the transaction (deletions, refunds). */
  async lockItems(db: DbOrTx, orderId: number): Promise<OrderItemRow[]> {
    return db
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.deletedAt)))
      .orderBy(asc(orderItems.id))
      .for('update');
  },

  /** `hidden`: the order starts deleted (in no list, not payable) until `revealOrder`; a bulk import fills it first. */
  async insertOrder(db: DbOrTx, { hidden = false, ...values }: { userId: number; agencyId: number; totalCents: number; itemCount: number; hidden?: boolean }) {
    const [row] = await db
      .insert(orders)
      .values({ ...values, ...(hidden ? { deletedAt: sql`now()` } : {}) })
      .returning({ id: orders.id });
    return row!.id;
  },

  /** Shows an order inserted hidden; the order counters' trigger counts it from here. False when it is gone. */
  async revealOrder(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .update(orders)
      .set({ deletedAt: null, createdAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, id), isNotNull(orders.deletedAt), isNull(orders.paidAt)))
      .returning({ id: orders.id });
    return rows.length === 1;
  },

  /** Removes a hidden order and its items for good: an import that could not finish leaves nothing. */
  async discardHiddenOrder(db: DbOrTx, id: number) {
    const hidden = and(eq(orders.id, id), isNotNull(orders.deletedAt), isNull(orders.paidAt));
    const [found] = await db.select({ id: orders.id }).from(orders).where(hidden).for('update');
    if (!found) return;
    await db.delete(orderItems).where(eq(orderItems.orderId, id));
    await db.delete(orders).where(hidden);
  },

  /**
   * Removes the orders that a bulk import inserted hidden and never showed, an hour on: the server
   * stopped part-way through (a failure it saw removes them at once). An order hidden at its insert
   * has `deleted_at` equal to `created_at` (one transaction's `now()`); an order deleted later has a
   * later `deleted_at`, and is kept. Its items go with it (on delete cascade). Run by the housekeeping job.
   */
  async discardAbandonedImports(db: DbOrTx) {
    return db
      .delete(orders)
      .where(sql`${orders.deletedAt} = ${orders.createdAt} and ${orders.paidAt} is null and ${orders.createdAt} < now() - interval '1 hour'`);
  },

  async insertItems(db: DbOrTx, orderId: number, items: NewOrderItem[]) {
    // Large bulk orders go in chunks to stay under the driver's parameter limit.
    for (let i = 0; i < items.length; i += 500) {
      await db.insert(orderItems).values(items.slice(i, i + 500).map((item) => ({ ...item, orderId })));
    }
  },

  async deleteItemsOfOrder(db: DbOrTx, orderId: number) {
    await db.delete(orderItems).where(eq(orderItems.orderId, orderId));
  },

  async updateOrder(db: DbOrTx, id: number, values: Partial<typeof orders.$inferInsert>) {
    await db
      .update(orders)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(orders.id, id));
  },

  /** Recomputes an order's total and item count from its live items. */
  async refreshTotals(db: DbOrTx, orderId: number) {
    await db.execute(sql`update ${orders} set
      total_cents = coalesce((select sum(${orderItems.costCents}) from ${orderItems} where ${liveItems(orders.id)}), 0),
      item_count = (select count(*) from ${orderItems} where ${liveItems(orders.id)}),
      updated_at = now()
      where ${orders.id} = ${orderId}`);
  },

  /** The order and agency of each item (live or not): whose events their moves are (modules/webhooks/events.ts). */
  async ownersOfItems(db: DbOrTx, itemIds: number[]): Promise<{ itemId: number; orderId: number; agencyId: number }[]> {
    if (!itemIds.length) return [];
    return db
      .select({ itemId: orderItems.id, orderId: orders.id, agencyId: orders.agencyId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(inArray(orderItems.id, itemIds))
      .orderBy(asc(orderItems.id));
  },

  async findItemVisible(db: DbOrTx, scope: OrderScope, itemId: number) {
    const [row] = await db
      .select({ item: orderItems, order: orders })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.id, itemId), isNull(orderItems.deletedAt), isNull(orders.deletedAt), scopeCondition(scope)))
      .limit(1);
    return row ?? null;
  },

  /** Edits an item's brief and price; its lifecycle columns move only through moveItems. */
  async updateItem(db: DbOrTx, id: number, values: Partial<Omit<typeof orderItems.$inferInsert, LifecycleColumn>>) {
    await db
      .update(orderItems)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(orderItems.id, id));
  },

  /**
   * The one writer of item status (item-lifecycle.ts says how to call it): migration 0017's
   * `move_items` moves the items the transition table allows, with one activity entry each, and
   * answers the ids it moved.
   */
  async moveItems(db: DbOrTx, move: ItemMove): Promise<number[]> {
    const at = move.at ? sql`${move.at.toISOString()}::timestamptz` : sql`now()`;
    const result = await db.execute(sql`select move_items(${integerArray(move.itemIds)}, ${move.to}::text, ${move.by}::text,
      ${move.userId}::integer, ${move.description}::text, ${at}, ${move.agentId ?? null}::integer,
      ${move.file?.key ?? null}::text, ${move.file?.name ?? null}::text) as moved`);
    const [row] = (result as unknown as { rows: { moved: number[] | string }[] }).rows;
    return parseIntArray(row?.moved);
  },

  async softDeleteOrder(db: DbOrTx, id: number) {
    await db
      .update(orders)
      .set({ deletedAt: sql`now()` })
      .where(eq(orders.id, id));
  },

  /** Distinct past projects of a scope, newest first, with the categories used for each. */
  async projects(db: DbOrTx, scope: OrderScope) {
    return db
      .select({
        projectName: orderItems.projectName,
        aboutCompany: sql<string | null>`(array_agg(${orderItems.aboutCompany} order by ${orderItems.id} desc))[1]`,
        targetAudience: sql<string | null>`(array_agg(${orderItems.targetAudience} order by ${orderItems.id} desc))[1]`,
        categories: sql<string[]>`array_remove(array_agg(distinct ${orderItems.category}), null)`,
        lastId: sql<number>`max(${orderItems.id})`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(isNull(orderItems.deletedAt), isNull(orders.deletedAt), isNotNull(orderItems.projectName), scopeCondition(scope)))
      .groupBy(orderItems.projectName)
      .orderBy(desc(sql`max(${orderItems.id})`))
      .limit(50);
  },
};
