import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@copydesk/shared';
import type { Database, DbOrTx } from '../../db/client.js';
import { userOrderStats, users, wallets, type NewUserRow, type UserRow } from '../../db/schema/index.js';
import type { SessionUser, UserScope } from '../../lib/access.js';
import { containsPattern } from '../../lib/like.js';
import { offsetOf, type PageRequest } from '../../lib/pagination.js';

const agencies = alias(users, 'agency');

/** The user's live orders, from the counter the orders trigger keeps (migration 0014): no count of rows. */
export const orderCountOfUser = sql<number>`coalesce((select ${userOrderStats.orders} from ${userOrderStats} where ${userOrderStats.userId} = ${users.id}), 0)`;

/** A user with its agency's name and order count: the session's user (lib/access.ts). */
export type UserWithAgency = SessionUser;

export const USER_SORT = {
  id: users.id,
  name: sql`lower(${users.name})`,
  email: users.email,
  created_at: users.createdAt,
  status: users.status,
} as const;

export interface UserListFilter {
  search?: string;
  sortColumn: keyof typeof USER_SORT;
  sortOrder: 'asc' | 'desc';
}

function scopeCondition(scope: UserScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  return or(eq(users.id, scope.agencyId), eq(users.agencyId, scope.agencyId));
}

function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.companyName, pattern));
}

/** The columns of a User Management row: the user, its group and its agency's wallet. */
const listColumns = {
  user: users,
  agencyName: sql<string | null>`coalesce(nullif(${agencies.companyName}, ''), ${agencies.name})`,
  balanceCents: wallets.balanceCents,
};

/** Users joined to their agency (for the group) and their agency's wallet (for the balance). */
const selectListRows = (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(users)
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .leftJoin(wallets, eq(wallets.agencyId, sql`coalesce(${users.agencyId}, ${users.id})`));

export type UserListRowData = { user: UserRow; agencyName: string | null; balanceCents: number | null };

export const usersRepository = {
  /** Every user of one role, by company (or name when it has none), then name: the admin's pickers. */
  async listByRole(db: DbOrTx, role: Role) {
    return db
      .select({ id: users.id, name: users.name, email: users.email, company_name: users.companyName, status: users.status })
      .from(users)
      .where(eq(users.role, role))
      .orderBy(asc(sql`lower(coalesce(nullif(trim(${users.companyName}), ''), ${users.name}))`), asc(sql`lower(${users.name})`), asc(users.id));
  },

  /** An agency account by id, or null for any other id (an associate, an admin, nobody). */
  async findAgency(db: DbOrTx, id: number): Promise<UserRow | null> {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.role, 'agency')))
      .limit(1);
    return row ?? null;
  },

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
        orderCount: orderCountOfUser,
      })
      .from(users)
      .leftJoin(agencies, eq(agencies.id, users.agencyId))
      .where(eq(users.id, id))
      .limit(1);
    return row ? { ...row.user, agencyName: row.agencyName, orderCount: Number(row.orderCount) } : null;
  },

  /** A page of User Management rows in scope, with the total. */
  async list(db: DbOrTx, scope: UserScope, filter: UserListFilter, page: PageRequest): Promise<{ rows: UserListRowData[]; total: number }> {
    const where = and(scopeCondition(scope), searchCondition(filter.search));
    const direction = filter.sortOrder === 'asc' ? asc : desc;
    const [rows, [count]] = await Promise.all([
      selectListRows(db).where(where).orderBy(direction(USER_SORT[filter.sortColumn]), direction(users.id)).limit(page.limit).offset(offsetOf(page)),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(where),
    ]);
    return { rows: rows.map(normaliseListRow), total: Number(count?.n ?? 0) };
  },

  /** One User Management row, or null when it is not in scope. */
  async findListRow(db: DbOrTx, scope: UserScope, id: number): Promise<UserListRowData | null> {
    const [row] = await selectListRows(db)
      .where(and(eq(users.id, id), scopeCondition(scope)))
      .limit(1);
    return row ? normaliseListRow(row) : null;
  },

  async count(db: DbOrTx, scope: UserScope): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(scopeCondition(scope));
    return Number(row?.n ?? 0);
  },

  /** Every user in scope, id, name and email, by name: the orders list's user filter. */
  async options(db: DbOrTx, scope: UserScope) {
    return db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(scopeCondition(scope))
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
  },

  async setStatus(db: DbOrTx, id: number, status: 0 | 1) {
    await db
      .update(users)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(users.id, id));
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
      await tx
        .update(users)
        .set({ profileImg: key, updatedAt: sql`now()` })
        .where(eq(users.id, id));
      return { previous: row.previous };
    });
  },

  /**
   * Marks one onboarding step of a user done (migration 0028). The first time counts: a repeat keeps
   * the time it was first done.
   */
  async finishOnboardingStep(db: DbOrTx, id: number, step: 'welcomeGuideClosedAt' | 'offerBannerDismissedAt') {
    await db
      .update(users)
      .set({ [step]: sql`coalesce(${users[step]}, now())` })
      .where(eq(users.id, id));
  },

  async incrementLoginCount(db: DbOrTx, id: number) {
    await db
      .update(users)
      .set({ loginCount: sql`${users.loginCount} + 1` })
      .where(eq(users.id, id));
  },
};

function normaliseListRow(row: { user: UserRow; agencyName: string | null; balanceCents: number | null }): UserListRowData {
  return { user: row.user, agencyName: row.agencyName, balanceCents: row.user.role === 'admin' ? null : Number(row.balanceCents ?? 0) };
}
