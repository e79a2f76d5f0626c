import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * Bearer tokens: 256-bit random, stored as SHA-256 hex, expiring (docs/decisions/0013-sessions-in-the-database.md).
 * `order_id` marks a session opened by an emailed sign-in link: it may only pay or look at that order
 * (lib/access.ts, docs/decisions/0013-sessions-in-the-database.md).
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('access_tokens_hash_key').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

export const ONE_TIME_PURPOSES = ['verify_email', 'reset_password', 'set_password', 'login_link', 'social_login'] as const;
export type OneTimePurpose = (typeof ONE_TIME_PURPOSES)[number];

/**
 * Verify, reset, set-password and sign-in links: random, hashed, single use, expiring. A sign-in
 * link names the order it opens (`order_id`); deactivating its user retires it (migration 0019).
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ONE_TIME_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId, t.purpose)],
);
