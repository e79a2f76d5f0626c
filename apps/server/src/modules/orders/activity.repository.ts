import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { activityLogs, users } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like.js';

/**
 * The activity log of items, shown on the content view and the item detail. Every change of an item
 * writes one entry here, in the same transaction as the change.
 */

export interface NewActivity {
  itemId: number;
  /** Null when the system made the change (automatic approval). */
  userId: number | null;
  description: string;
  fileKey?: string | null;
  filename?: string | null;
}

/** What a null user shows as. */
export const SYSTEM_USERNAME = 'Copydesk (automatic)';

const usernameSql = sql<string>`coalesce(${users.name}, ${SYSTEM_USERNAME})`;
const sortColumns = { created_at: activityLogs.id, description: activityLogs.description, username: usernameSql } as const;

export const activityRepository = {
  async log(db: DbOrTx, entry: NewActivity) {
    await db.insert(activityLogs).values(entry);
  },

  async list(
    db: DbOrTx,
    itemId: number,
    query: { search?: string; limit: number; offset: number; sortColumn: keyof typeof sortColumns; sortOrder: 'asc' | 'desc' },
  ) {
    const conditions: (SQL | undefined)[] = [eq(activityLogs.itemId, itemId)];
    if (query.search) {
      const pattern = containsPattern(query.search);
      conditions.push(or(ilike(activityLogs.description, pattern), ilike(usernameSql, pattern)));
    }
    const where = and(...conditions);
    const direction = query.sortOrder === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: activityLogs.id,
          description: activityLogs.description,
          username: usernameSql,
          createdAt: activityLogs.createdAt,
          filename: activityLogs.filename,
        })
        .from(activityLogs)
        .leftJoin(users, eq(users.id, activityLogs.userId))
        .where(where)
        .orderBy(direction(sortColumns[query.sortColumn]), direction(activityLogs.id))
        .limit(query.limit)
        .offset(query.offset),
      db.select({ n: count() }).from(activityLogs).leftJoin(users, eq(users.id, activityLogs.userId)).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  async find(db: DbOrTx, id: number) {
    const [row] = await db.select().from(activityLogs).where(eq(activityLogs.id, id)).limit(1);
    return row ?? null;
  },
};
