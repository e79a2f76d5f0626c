import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboxEmails } from '../../db/schema/index.js';
import type { OutgoingMail } from '../../lib/mailer.js';

export const outboxRepository = {
  async enqueue(db: DbOrTx, mail: OutgoingMail) {
    await db.insert(outboxEmails).values(mail);
  },

  async listRecent(db: DbOrTx, limit = 100) {
    return db
      .select({ to: outboxEmails.to, subject: outboxEmails.subject, text: outboxEmails.text, html: outboxEmails.html, created_at: outboxEmails.createdAt })
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(limit);
  },

  /** Pending emails whose next attempt is due, oldest first. */
  async due(db: DbOrTx, limit: number) {
    return db
      .select()
      .from(outboxEmails)
      .where(and(isNull(outboxEmails.sentAt), lte(outboxEmails.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outboxEmails.id))
      .limit(limit);
  },

  async markSent(db: DbOrTx, id: number) {
    await db.update(outboxEmails).set({ sentAt: sql`now()`, lastError: null }).where(eq(outboxEmails.id, id));
  },

  /** Backs off exponentially: 30 s, 1 min, 2 min, … capped at 1 hour. */
  async markFailed(db: DbOrTx, id: number, attempts: number, error: string) {
    const delaySeconds = Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
    await db
      .update(outboxEmails)
      .set({
        attempts,
        lastError: error.slice(0, 1000),
        nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      })
      .where(eq(outboxEmails.id, id));
  },
};
