import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * API keys (docs/decisions/0043-api-keys-and-mcp.md): `cd_` and 40 random base62 characters, stored
 * as SHA-256 hex like the session tokens (high-entropy, so a slow hash adds nothing). `prefix` is the
 * first 8 characters, shown to recognise a key. Revoking sets `revoked_at` and keeps the row, so a
 * revoked key stays known (refused, never reissued) while the owner's list shows only live ones.
 * `last_used_at` moves at most once a minute (a conditional UPDATE, apps/server/src/modules/api-keys).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    index('api_keys_live_user_idx')
      .on(t.userId, t.id)
      .where(sql`revoked_at IS NULL`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
