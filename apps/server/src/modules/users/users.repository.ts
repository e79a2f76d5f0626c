import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client.js';
import { orders, users, type NewUserRow, type UserRow } from '../../db/schema/index.js';

const agencies = alias(users, 'agency');

export type UserWithAgency = UserRow & { agencyName: string | null; orderCount: number };

export const usersRepository = {
  async findById(db: DbOrTx, id: number): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  },

  async findByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
    return row ?? null;
  },

  async findByGoogleSub(db: DbOrTx, sub: string): Promise<UserRow | null> {
    const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
    return row ?? null;
  },

  /** The user with the display name of its agency (for `group`) and its order count, in one query. */
  async findWithAgency(db: DbOrTx, id: number): Promise<UserWithAgency | null> {
    const [row] = await db
      .select({
        user: users,
        agencyName: sql<string | null>`coalesce(nullif(${agencies.companyName}, ''), ${agencies.name})`,
        orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${users.id} and ${orders.deletedAt} is null)`,
      })
      .from(users)
      .leftJoin(agencies, eq(agencies.id, users.agencyId))
      .where(eq(users.id, id))
      .limit(1);
    return row ? { ...row.user, agencyName: row.agencyName, orderCount: Number(row.orderCount) } : null;
  },

  async insert(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewUserRow>): Promise<UserRow | null> {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning();
    return row ?? null;
  },

  /**
   * Points a user at a new profile picture and returns the key it replaces, so the caller can
   * delete that file. The row lock makes two uploads at once each get the key they replaced.
   */
  async swapProfileImage(db: Database, id: number, key: string): Promise<{ previous: string | null } | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select({ previous: users.profileImg }).from(users).where(eq(users.id, id)).for('update');
      if (!row) return null;
      await tx.update(users).set({ profileImg: key, updatedAt: sql`now()` }).where(eq(users.id, id));
      return { previous: row.previous };
    });
  },

  async incrementLoginCount(db: DbOrTx, id: number) {
    await db.update(users).set({ loginCount: sql`${users.loginCount} + 1` }).where(eq(users.id, id));
  },
};
