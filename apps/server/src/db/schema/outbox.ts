import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox: an email is written in the same transaction as the change that causes it
 * and sent afterwards (retried on failure), so no email is lost when SMTP is down. Workers on several
 * instances claim due rows with FOR UPDATE SKIP LOCKED and a lease, so each email is sent once.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Delivery attempts started, counting the one in flight; also fences a claim (see outboxRepository.claimDue). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While in the future, a worker is sending the email; past it (the worker died), another may claim it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);
