import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { outboxEmails } from './outbox.js';
import { users } from './users.js';

/**
 * The support inbox (docs/decisions/0024-support-inbox.md): a thread between one agency (with its
 * associates) and the admins. The thread keeps the time of the latest message of each side, so
 * "unread" is a comparison with the reader's `message_reads.read_at`, not a scan of the messages.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The tenant the thread belongs to (the agency's user id). */
    agencyId: integer('agency_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Who opened it: a customer of the agency, or an admin writing about one of its orders. */
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    lastAdminMessageAt: timestamp('last_admin_message_at', { withTimezone: true }),
  },
  (t) => [
    index('message_threads_agency_idx').on(t.agencyId, t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('message_threads_last_message_idx').on(t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('message_threads_order_idx').on(t.orderId),
  ],
);

export const threadMessages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.createdAt, t.id), check('messages_body_check', sql`length(${t.body}) > 0`)],
);

/** Up to which point a user has read a thread: the thread's `last_message_at` when it was last shown. */
export const messageReads = pgTable(
  'message_reads',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('message_reads_user_idx').on(t.userId)],
);

/**
 * When an admin may next be emailed about a thread at once, and the digest that gathers the
 * messages meanwhile (docs/decisions/0029-imports-in-chunks-and-message-digests.md). Its row is
 * locked while a message decides between an email now, joining the pending digest and a new one.
 */
export const messageNotifications = pgTable(
  'message_notifications',
  {
    threadId: integer('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Until then, a new message joins a digest rather than being emailed at once. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** The digest queued in the outbox for the end of the window, rewritten while nobody has claimed it. */
    digestEmailId: integer('digest_email_id').references(() => outboxEmails.id, { onDelete: 'set null' }),
    /** The digest's first message: it lists the thread's messages from there. */
    digestFromMessageId: integer('digest_from_message_id'),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

export type MessageThreadRow = typeof messageThreads.$inferSelect;
export type MessageRow = typeof threadMessages.$inferSelect;
