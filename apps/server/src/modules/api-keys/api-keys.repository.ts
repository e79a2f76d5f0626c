import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPerDatabase, type Database, type DbOrTx } from '../../db/client.js';
import { apiKeys, rateLimitBuckets, users } from '../../db/schema/index.js';
import { API_KEY_BUCKET_PREFIX } from '../../lib/access.js';
import { orderCountOfUser, type UserWithAgency } from '../users/users.repository.js';

const agencies = alias(users, 'agency');

/** How long a key's recorded use stays fresh: `last_used_at` is written at most once per this. */
const USE_INTERVAL = sql`interval '1 minute'`;
const useStale = or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - ${USE_INTERVAL}`));

/** The live key of a hash and its owner, in one prepared statement like the session query (modules/auth/auth.repository.ts). */
function prepareKeyQuery(db: Database) {
  return (
    db
      .select({
        apiKeyId: apiKeys.id,
        keyHash: apiKeys.keyHash,
        useStale: sql<boolean>`${useStale}`,
        user: users,
        agencyStatus: agencies.status,
        agencyName: sql<string | null>`coalesce(nullif(${agencies.companyName}, ''), ${agencies.name})`,
        orderCount: orderCountOfUser,
        windowCount: sql<number>`coalesce(${rateLimitBuckets.count}, 0)`,
        windowMsLeft: sql<number>`coalesce(greatest(0, ceil(extract(epoch from (${rateLimitBuckets.windowEndsAt} - now())) * 1000)), 0)::float8`,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .leftJoin(agencies, eq(agencies.id, users.agencyId))
      // The key's rate-limit window (lib/rate-limit-store.ts's table, the bucket plugins/auth.ts counts in), read in the same statement.
      .leftJoin(
        rateLimitBuckets,
        and(eq(rateLimitBuckets.key, sql`${sql.raw(`'${API_KEY_BUCKET_PREFIX}'`)} || ${apiKeys.id}::text`), sql`${rateLimitBuckets.windowEndsAt} > now()`),
      )
      .where(and(eq(apiKeys.keyHash, sql.placeholder('keyHash')), isNull(apiKeys.revokedAt)))
      .limit(1)
      .prepare('api_key_by_hash')
  );
}

const keyQueryOf = preparedPerDatabase(prepareKeyQuery);

const listed = { id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt };

/** Drizzle queries for API keys (docs/decisions/0043-api-keys-and-mcp.md). */
export const apiKeysRepository = {
  /**
   * Saves a key unless its owner already holds `max` live ones: the owner's row is locked first, so
   * two creations at once count one after the other. Null when the limit is reached.
   */
  async insertWithin(db: Database, values: { userId: number; name: string; prefix: string; keyHash: string }, max: number) {
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
      const [live] = await tx
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, values.userId), isNull(apiKeys.revokedAt)));
      if (live!.n >= max) return null;
      const [row] = await tx.insert(apiKeys).values(values).returning(listed);
      return row!;
    });
  },

  /** The owner's live keys, oldest first. */
  async listLive(db: DbOrTx, userId: number) {
    return db
      .select(listed)
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .orderBy(asc(apiKeys.id));
  },

  /** Revokes one of the owner's live keys; false when it is not one (another's, unknown, already revoked). */
  async revoke(db: DbOrTx, userId: number, id: number) {
    const rows = await db
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return rows.length > 0;
  },

  /** The live key of this hash with its owner (what the access layer's `findByApiKeyHash` answers); null when unknown or revoked. */
  async findSession(
    db: Database,
    keyHash: string,
  ): Promise<{
    apiKeyId: number;
    keyHash: string;
    useStale: boolean;
    window: { count: number; msLeft: number };
    user: UserWithAgency;
    agencyStatus: number | null;
  } | null> {
    const [row] = await keyQueryOf(db).execute({ keyHash });
    if (!row) return null;
    return {
      apiKeyId: row.apiKeyId,
      keyHash: row.keyHash,
      useStale: row.useStale,
      window: { count: Number(row.windowCount), msLeft: Number(row.windowMsLeft) },
      user: { ...row.user, agencyName: row.agencyName, orderCount: Number(row.orderCount) },
      agencyStatus: row.agencyStatus,
    };
  },

  /**
   * Records a use: writes `last_used_at` only when it is unset or a minute old, so a busy key costs
   * one write a minute, and instances racing each other write it once.
   */
  async touch(db: DbOrTx, id: number) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), useStale));
  },
};
