import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPerDatabase, type Database, type DbOrTx } from '../../db/client.js';
import { accessTokens, oneTimeTokens, type OneTimePurpose, payments, users, type UserRow } from '../../db/schema/index.js';
import { orderCountOfUser, type UserWithAgency } from '../users/users.repository.js';

const agencies = alias(users, 'agency');

function prepareSessionQuery(db: Database) {
  return db
    .select({
      tokenId: accessTokens.id,
      orderId: accessTokens.orderId,
      user: users,
      agencyStatus: agencies.status,
      agencyName: sql<string | null>`coalesce(nullif(${agencies.companyName}, ''), ${agencies.name})`,
      orderCount: orderCountOfUser,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .leftJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(accessTokens.tokenHash, sql.placeholder('tokenHash')), gt(accessTokens.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_by_token');
}

/** One prepared session query per database (a pool prepares it once per connection). */
const sessionQueryOf = preparedPerDatabase(prepareSessionQuery);

/** Drizzle queries for tokens. Every function takes a database or a transaction. */
export const authRepository = {
  /** A session; with `orderId`, one opened by an emailed sign-in link, which may only pay that order (lib/access.ts). */
  async insertAccessToken(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date, orderId: number | null = null) {
    const [row] = await db.insert(accessTokens).values({ userId, tokenHash, expiresAt, orderId }).returning({ id: accessTokens.id });
    return row!.id;
  },

  /**
   * The session of a bearer token in one prepared statement: the user with what every account call
   * answers (its agency's display name, its order count) and, for an associate, its agency's status
   * (an inactive agency stops its associates). Runs on every authenticated request.
   */
  async findUserByAccessToken(
    db: Database,
    tokenHash: string,
  ): Promise<{ tokenId: number; orderId: number | null; user: UserWithAgency; agencyStatus: number | null } | null> {
    const [row] = await sessionQueryOf(db).execute({ tokenHash });
    if (!row) return null;
    return {
      tokenId: row.tokenId,
      orderId: row.orderId,
      user: { ...row.user, agencyName: row.agencyName, orderCount: Number(row.orderCount) },
      agencyStatus: row.agencyStatus,
    };
  },

  /** Whether a payment (or refund) belongs to this order: the one invoice a sign-in link's session may fetch. */
  async isPaymentOfOrder(db: DbOrTx, paymentId: number, orderId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId)))
      .limit(1);
    return row !== undefined;
  },

  /** The status of an associate's agency; null for anyone else. */
  async agencyStatusOf(db: DbOrTx, user: UserRow): Promise<number | null> {
    if (user.agencyId === null) return null;
    const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, user.agencyId)).limit(1);
    return row?.status ?? null;
  },

  async deleteAccessToken(db: DbOrTx, tokenId: number) {
    await db.delete(accessTokens).where(eq(accessTokens.id, tokenId));
  },

  /** Revokes every session of a user, optionally keeping the one making the request. */
  async deleteAccessTokensOfUser(db: DbOrTx, userId: number, exceptTokenId?: number) {
    await db.delete(accessTokens).where(and(eq(accessTokens.userId, userId), exceptTokenId ? ne(accessTokens.id, exceptTokenId) : undefined));
  },

  async deleteExpiredAccessTokens(db: DbOrTx) {
    await db.delete(accessTokens).where(lt(accessTokens.expiresAt, sql`now()`));
  },

  /** One-time links that can no longer be used: expired ones (used ones expire too). */
  async deleteExpiredOneTimeTokens(db: DbOrTx) {
    await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, sql`now()`));
  },

  async insertOneTimeToken(db: DbOrTx, values: { userId: number; purpose: OneTimePurpose; tokenHash: string; expiresAt: Date; orderId?: number | null }) {
    await db.insert(oneTimeTokens).values(values);
  },

  /** Marks older unused links of the same purpose used, so only the newest works. */
  async retireOneTimeTokens(db: DbOrTx, userId: number, purpose: OneTimePurpose) {
    await db
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  },

  /**
   * Consumes a one-time token atomically: the UPDATE … WHERE used_at IS NULL makes two concurrent
   * uses of one link succeed once. Returns the user id, or null when unknown, used or expired.
   */
  async consumeOneTimeToken(db: DbOrTx, tokenHash: string, purpose: OneTimePurpose, userId?: number): Promise<number | null> {
    const [row] = await db
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, tokenHash),
          eq(oneTimeTokens.purpose, purpose),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, sql`now()`),
          userId === undefined ? undefined : eq(oneTimeTokens.userId, userId),
        ),
      )
      .returning({ userId: oneTimeTokens.userId });
    return row?.userId ?? null;
  },

  /**
   * Consumes a sign-in link (`consumeOneTimeToken`'s single use) and answers its user and the order
   * it opens, or null when unknown, used (deactivation marks them used: migration 0019) or expired.
   */
  async consumeSignInLink(db: DbOrTx, tokenHash: string): Promise<{ userId: number; orderId: number | null } | null> {
    const [row] = await db
      .update(oneTimeTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(oneTimeTokens.tokenHash, tokenHash),
          eq(oneTimeTokens.purpose, 'login_link'),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: oneTimeTokens.userId, orderId: oneTimeTokens.orderId });
    return row ?? null;
  },

  /** A sign-in link as stored, spent or not: its user, its order and whether it would still sign in. */
  async findSignInLink(db: DbOrTx, tokenHash: string): Promise<{ userId: number; orderId: number | null; usable: boolean } | null> {
    const [row] = await db
      .select({
        userId: oneTimeTokens.userId,
        orderId: oneTimeTokens.orderId,
        usable: sql<boolean>`(${oneTimeTokens.usedAt} is null and ${oneTimeTokens.expiresAt} > now())`,
      })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, 'login_link')))
      .limit(1);
    return row ? { ...row, usable: row.usable === true } : null;
  },

  /** Looks a token up without consuming it. */
  async findValidOneTimeToken(db: DbOrTx, tokenHash: string, purpose: OneTimePurpose) {
    const [row] = await db
      .select({ userId: oneTimeTokens.userId })
      .from(oneTimeTokens)
      .where(
        and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)),
      )
      .limit(1);
    return row?.userId ?? null;
  },
};
