import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, ilike, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { documents, fulfilmentStats, orderItems, orders, revisions, users, type OrderItemRow } from '../../db/schema/index.js';
import type { OrderScope } from '../../lib/access.js';
import { scopeCondition } from '../orders/orders.repository.js';
import { containsPattern } from '../../lib/like.js';
import { inMatching, matchingIds } from '../../lib/list-filters.js';

/** Items on their way from payment to approval, their delivered versions and revision requests. */

const agencies = alias(users, 'agency');
const agents = alias(users, 'agent');

/** The workflow order, so "sort by status" reads as the queue moves. */
const statusRank = sql`case ${orderItems.status}
  when 'Unassigned' then 1 when 'Revision Requested' then 2 when 'In Progress' then 3
  when 'Pending Review' then 4 when 'Approved' then 5 else 6 end`;

const queueSortColumns = { due_at: orderItems.dueAt, id: orderItems.id, status: statusRank, created_at: orderItems.createdAt } as const;
export type QueueSortColumn = keyof typeof queueSortColumns;

export type QueueStatus = 'open' | 'overdue' | 'all' | 'Unassigned' | 'In Progress' | 'Pending Review' | 'Revision Requested' | 'Approved';

const OPEN_STATUSES = ['Unassigned', 'In Progress', 'Pending Review', 'Revision Requested'];

/** Totals without a search come from fulfilment_stats (kept by triggers), never from counting rows. */
async function countFromStats(db: DbOrTx, filters: { status: QueueStatus; agency?: number }): Promise<number> {
  const statuses = filters.status === 'open' ? OPEN_STATUSES : filters.status === 'all' ? [...OPEN_STATUSES, 'Approved'] : [filters.status];
  const [row] = await db
    .select({ n: sql<string | null>`sum(${fulfilmentStats.items})` })
    .from(fulfilmentStats)
    .where(and(inArray(fulfilmentStats.status, statuses), filters.agency ? eq(fulfilmentStats.agencyId, filters.agency) : undefined));
  return Number(row?.n ?? 0);
}

async function countMatches(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(agencies, eq(agencies.id, orders.agencyId))
    .where(where);
  return Number(row?.n ?? 0);
}

/** A document row without its preview, which only the preview call reads (it may be megabytes). */
const documentColumns = {
  id: documents.id,
  itemId: documents.itemId,
  version: documents.version,
  wordCount: documents.wordCount,
  storageKey: documents.storageKey,
  sizeBytes: documents.sizeBytes,
  uploadedBy: documents.uploadedBy,
  createdAt: documents.createdAt,
};

export const contentRepository = {
  /** The fulfilment queue: live paid items with their agency and writer. */
  async queue(
    db: DbOrTx,
    filters: { status: QueueStatus; agency?: number; search?: string },
    page: { limit: number; offset: number; sortColumn: QueueSortColumn; sortOrder: 'asc' | 'desc' },
  ) {
    const conditions: (SQL | undefined)[] = [isNull(orderItems.deletedAt), isNull(orders.deletedAt)];
    // Literal lists, so the planner matches the partial queue index.
    if (filters.status === 'open') conditions.push(sql`${orderItems.status} not in ('Unpaid', 'Approved')`);
    // Open and past due: a range of the same partial index.
    else if (filters.status === 'overdue') conditions.push(sql`${orderItems.status} not in ('Unpaid', 'Approved') and ${orderItems.dueAt} < now()`);
    else if (filters.status === 'all') conditions.push(sql`${orderItems.status} <> 'Unpaid'`);
    else conditions.push(eq(orderItems.status, filters.status));
    if (filters.agency) conditions.push(eq(orders.agencyId, filters.agency));
    if (filters.search) {
      const pattern = containsPattern(filters.search);
      const asId = /^\d{1,9}$/.test(filters.search) ? or(eq(orderItems.id, Number(filters.search)), eq(orderItems.orderId, Number(filters.search))) : undefined;
      const byAgency = or(ilike(agencies.companyName, pattern), ilike(agencies.name, pattern));
      // The agencies that match (an order's agency is always an agency user), looked up first through
      // the users' trigram indexes: usually none, and the search is then on the items alone, which
      // their trigram and id indexes serve.
      const matchingAgencies = await matchingIds(
        db,
        users,
        users.id,
        and(eq(users.role, 'agency'), or(ilike(users.companyName, pattern), ilike(users.name, pattern))),
      );
      conditions.push(
        or(asId, ilike(orderItems.articleTitle, pattern), ilike(orderItems.projectName, pattern), inMatching(orders.agencyId, matchingAgencies, byAgency)),
      );
    }
    const where = and(...conditions);
    const direction = page.sortOrder === 'asc' ? asc : desc;
    const [rows, total] = await Promise.all([
      db
        .select({
          item: {
            id: orderItems.id,
            orderId: orderItems.orderId,
            articleTitle: orderItems.articleTitle,
            orderType: orderItems.orderType,
            wordCountTitle: orderItems.wordCountTitle,
            status: orderItems.status,
            revisionsLeft: orderItems.revisionsLeft,
            dueAt: orderItems.dueAt,
          },
          paidAt: orders.paidAt,
          agency: { id: agencies.id, name: sql<string>`coalesce(${agencies.companyName}, ${agencies.name})` },
          agent: { id: agents.id, name: agents.name },
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(agencies, eq(agencies.id, orders.agencyId))
        .leftJoin(agents, eq(agents.id, orderItems.linkagentId))
        .where(where)
        .orderBy(direction(queueSortColumns[page.sortColumn]), direction(orderItems.id))
        .limit(page.limit)
        .offset(page.offset),
      // The counters know statuses, not due dates: overdue items are counted.
      filters.search || filters.status === 'overdue' ? countMatches(db, where) : countFromStats(db, filters),
    ]);
    return { rows, total };
  },

  /** Active admins: who can work on an item. */
  async agents(db: DbOrTx) {
    return db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 1)))
      .orderBy(asc(users.name), asc(users.id));
  },

  async findAgent(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'admin'), eq(users.status, 1)))
      .limit(1);
    return row ?? null;
  },

  /** Locks a live item of a live order for the rest of the transaction; with a scope, only one it may see. */
  async lockItem(db: DbOrTx, id: number, scope: OrderScope = { kind: 'all' }): Promise<{ item: OrderItemRow; orderUserId: number; agencyId: number } | null> {
    const [row] = await db
      .select({ item: orderItems, orderUserId: orders.userId, agencyId: orders.agencyId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.id, id), isNull(orderItems.deletedAt), isNull(orders.deletedAt), scopeCondition(scope)))
      .for('update', { of: orderItems })
      .limit(1);
    return row ?? null;
  },

  async documentsOf(db: DbOrTx, itemId: number) {
    return db
      .select({
        id: documents.id,
        version: documents.version,
        wordCount: documents.wordCount,
        createdAt: documents.createdAt,
        storageKey: documents.storageKey,
      })
      .from(documents)
      .where(eq(documents.itemId, itemId))
      .orderBy(desc(documents.version));
  },

  async latestDocument(db: DbOrTx, itemId: number) {
    const [row] = await db.select(documentColumns).from(documents).where(eq(documents.itemId, itemId)).orderBy(desc(documents.version)).limit(1);
    return row ?? null;
  },

  async findDocument(db: DbOrTx, itemId: number, documentId: number) {
    const [row] = await db
      .select(documentColumns)
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.itemId, itemId)))
      .limit(1);
    return row ?? null;
  },

  async nextVersion(db: DbOrTx, itemId: number): Promise<number> {
    const [row] = await db
      .select({ v: max(documents.version) })
      .from(documents)
      .where(eq(documents.itemId, itemId));
    return (row?.v ?? 0) + 1;
  },

  /** The stored preview of the latest version, or of `documentId` when it is this item's: compressed, or plain HTML if delivered before migration 0021. */
  async previewOf(db: DbOrTx, itemId: number, documentId?: number) {
    const [row] = await db
      .select({ id: documents.id, previewBr: documents.previewBr, previewHtml: documents.previewHtml })
      .from(documents)
      .where(and(eq(documents.itemId, itemId), documentId === undefined ? undefined : eq(documents.id, documentId)))
      .orderBy(desc(documents.version))
      .limit(1);
    return row ?? null;
  },

  /**
   * The next live item of `orderId` in `scope` waiting for review: the first after `after` by id,
   * else the first before it; null when none is left.
   */
  async nextWaitingReview(db: DbOrTx, scope: OrderScope, { orderId, after }: { orderId: number; after: number }): Promise<number | null> {
    const rows = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orderItems.orderId, orderId),
          eq(orderItems.status, 'Pending Review'),
          isNull(orderItems.deletedAt),
          sql`${orderItems.id} <> ${after}`,
          scopeCondition(scope),
        ),
      )
      .orderBy(asc(orderItems.id));
    return (rows.find((r) => r.id > after) ?? rows[0])?.id ?? null;
  },

  /** Stores the compressed preview of a document delivered before migration 0021, once. */
  async storeCompressedPreview(db: DbOrTx, documentId: number, previewBr: Buffer) {
    await db
      .update(documents)
      .set({ previewBr, previewHtml: null })
      .where(and(eq(documents.id, documentId), isNull(documents.previewBr)));
  },

  async insertDocument(db: DbOrTx, values: typeof documents.$inferInsert) {
    const [row] = await db.insert(documents).values(values).returning(documentColumns);
    return row!;
  },

  async revisionsOf(db: DbOrTx, itemId: number) {
    return db
      .select({ reason: revisions.reason, description: revisions.description, createdAt: revisions.createdAt })
      .from(revisions)
      .where(eq(revisions.itemId, itemId))
      .orderBy(desc(revisions.id));
  },

  async insertRevision(db: DbOrTx, values: typeof revisions.$inferInsert) {
    await db.insert(revisions).values(values);
  },

  /** The latest document of every item of an order that has one. */
  async latestDocumentsOfOrder(db: DbOrTx, orderId: number) {
    return db
      .selectDistinctOn([documents.itemId], { itemId: documents.itemId, storageKey: documents.storageKey, title: orderItems.articleTitle })
      .from(documents)
      .innerJoin(orderItems, eq(orderItems.id, documents.itemId))
      .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.deletedAt)))
      .orderBy(documents.itemId, desc(documents.version));
  },

  /** The caller's items in a scope (the dashboard's "waiting for your review"). */
  async listItems(db: DbOrTx, scope: OrderScope, filters: { status?: string }, page: { limit: number; offset: number }) {
    const conditions = and(
      isNull(orderItems.deletedAt),
      isNull(orders.deletedAt),
      sql`${orderItems.status} <> 'Unpaid'`,
      scopeCondition(scope),
      filters.status ? eq(orderItems.status, filters.status as OrderItemRow['status']) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: orderItems.id,
          orderId: orderItems.orderId,
          articleTitle: orderItems.articleTitle,
          orderType: orderItems.orderType,
          wordCountTitle: orderItems.wordCountTitle,
          status: orderItems.status,
          dueAt: orderItems.dueAt,
          updatedAt: orderItems.updatedAt,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(conditions)
        .orderBy(desc(orderItems.updatedAt), desc(orderItems.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(conditions),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /**
   * Automatic approval: claims up to `limit` items whose review started before `cutoff`, locked with
   * FOR UPDATE SKIP LOCKED for the rest of the transaction, so concurrent passes never take the
   * same item. Returns their ids, oldest review first.
   */
  async claimDueReviews(db: DbOrTx, args: { cutoff: Date; limit: number }): Promise<number[]> {
    const rows = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.status, 'Pending Review'),
          isNull(orderItems.deletedAt),
          sql`${orderItems.reviewStartedAt} <= ${args.cutoff.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(orderItems.reviewStartedAt))
      .limit(args.limit)
      .for('update', { skipLocked: true });
    return rows.map((r) => r.id);
  },

  /**
   * Marks up to `limit` items under review since between `cutoff` and `from` as warned (once per
   * review), claimed like claimDueReviews; returns them with the orderer to email.
   */
  async markReviewsDueSoon(db: DbOrTx, args: { from: Date; cutoff: Date; now: Date; limit: number }) {
    const result = await db.execute(sql`with due as (
        select ${orderItems.id} as id from ${orderItems}
        where ${orderItems.status} = 'Pending Review' and ${orderItems.deletedAt} is null and ${orderItems.autoApproveWarnedAt} is null
          and ${orderItems.reviewStartedAt} <= ${args.from.toISOString()}::timestamptz and ${orderItems.reviewStartedAt} > ${args.cutoff.toISOString()}::timestamptz
        order by ${orderItems.reviewStartedAt}
        limit ${args.limit}
        for update skip locked),
      marked as (
        update ${orderItems} set auto_approve_warned_at = ${args.now.toISOString()}::timestamptz
        from due where ${orderItems.id} = due.id
        returning ${orderItems.id} as id, ${orderItems.articleTitle} as title, ${orderItems.reviewStartedAt} as review_started_at, ${orderItems.orderId} as order_id)
      select marked.id, marked.title, marked.review_started_at, ${users.email} as email, ${users.name} as name
      from marked join ${orders} on ${orders.id} = marked.order_id join ${users} on ${users.id} = ${orders.userId}`);
    type Row = { id: number; title: string | null; review_started_at: string | Date; email: string; name: string };
    return (result as unknown as { rows: Row[] }).rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      reviewStartedAt: new Date(r.review_started_at),
      email: r.email,
      name: r.name,
    }));
  },

  async usersByIds(db: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: users.id, name: users.name, email: users.email, role: users.role, agencyId: users.agencyId })
      .from(users)
      .where(inArray(users.id, ids));
  },
};
