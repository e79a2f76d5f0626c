import { and, asc, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { outboxEmails } from '../../db/schema/index.js';
import type { OutgoingMail } from '../../lib/mailer.js';

export const outboxRepository = {
  /** `notBefore`: due from then (a digest's end of window), not at once. Returns the email's id. */
  async enqueue(db: DbOrTx, mail: OutgoingMail, notBefore?: Date): Promise<number> {
    const [row] = await db
      .insert(outboxEmails)
      .values({ ...mail, ...(notBefore ? { nextAttemptAt: notBefore } : {}) })
      .returning({ id: outboxEmails.id });
    return row!.id;
  },

  /**
   * Rewrites an email that no worker has claimed yet (no attempt started, not sent); false when one
   * has, and the email is on its way as it was. The claim's `attempts + 1` and this condition
   * exclude each other, whichever commits first: the email goes out once, either way.
   */
  async rewriteUnclaimed(db: DbOrTx, id: number, mail: OutgoingMail): Promise<boolean> {
    const rows = await db
      .update(outboxEmails)
      .set({ subject: mail.subject, text: mail.text, html: mail.html })
      .where(and(eq(outboxEmails.id, id), eq(outboxEmails.attempts, 0), isNull(outboxEmails.sentAt)))
      .returning({ id: outboxEmails.id });
    return rows.length === 1;
  },

  async listRecent(db: DbOrTx, limit = 100) {
    return db
      .select({ to: outboxEmails.to, subject: outboxEmails.subject, text: outboxEmails.text, html: outboxEmails.html, created_at: outboxEmails.createdAt })
      .from(outboxEmails)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(limit);
  },

  /**
   * Claims up to `limit` due emails for one worker and returns them. One statement locks the rows
   * with FOR UPDATE SKIP LOCKED, so a concurrent worker (another instance) skips them instead of
   * waiting or taking the same ones, and marks them in flight until `now() + leaseSeconds`:
   * another worker takes an email over only when that lease ends, i.e. when this one died while
   * sending. Each claim increments `attempts`; the value it returns fences the claim: the calls
   * below act only while it is still the current one.
   */
  async claimDue(db: DbOrTx, args: { limit: number; leaseSeconds: number }) {
    const due = db.$with('due').as(
      db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(
          and(
            isNull(outboxEmails.sentAt),
            lte(outboxEmails.nextAttemptAt, sql`now()`),
            or(isNull(outboxEmails.lockedUntil), lte(outboxEmails.lockedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(outboxEmails.id))
        .limit(args.limit)
        .for('update', { skipLocked: true }),
    );
    const claimed = await db
      .with(due)
      .update(outboxEmails)
      .set({ attempts: sql`${outboxEmails.attempts} + 1`, lockedUntil: sql`now() + make_interval(secs => ${args.leaseSeconds})` })
      .from(due)
      .where(eq(outboxEmails.id, due.id))
      .returning({
        id: outboxEmails.id,
        to: outboxEmails.to,
        subject: outboxEmails.subject,
        text: outboxEmails.text,
        html: outboxEmails.html,
        attempts: outboxEmails.attempts,
      });
    return claimed.sort((a, b) => a.id - b.id);
  },

  /**
   * Extends the lease of a claimed email right before it is sent; false when the claim is no longer
   * this worker's (its lease ran out during earlier sends and another worker took the email over,
   * or it was sent), in which case this worker must not send it.
   */
  async renewClaim(db: DbOrTx, id: number, attempt: number, leaseSeconds: number): Promise<boolean> {
    const rows = await db
      .update(outboxEmails)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(and(eq(outboxEmails.id, id), eq(outboxEmails.attempts, attempt), isNull(outboxEmails.sentAt)))
      .returning({ id: outboxEmails.id });
    return rows.length === 1;
  },

  /** Unconditional on the claim: once the server accepted the email it is sent, whoever claimed it. */
  async markSent(db: DbOrTx, id: number) {
    await db
      .update(outboxEmails)
      .set({ sentAt: sql`now()`, lockedUntil: null, lastError: null })
      .where(and(eq(outboxEmails.id, id), isNull(outboxEmails.sentAt)));
  },

  /**
   * Releases a failed claim for a retry with exponential back-off: 30 s, 1 min, 2 min, … capped at
   * 1 hour. A claim another worker has since taken over is left to that worker.
   */
  async markFailed(db: DbOrTx, id: number, attempt: number, error: string) {
    const delaySeconds = Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
    await db
      .update(outboxEmails)
      .set({
        lockedUntil: null,
        lastError: error.slice(0, 1000),
        nextAttemptAt: sql`now() + make_interval(secs => ${delaySeconds})`,
      })
      .where(and(eq(outboxEmails.id, id), eq(outboxEmails.attempts, attempt), isNull(outboxEmails.sentAt)));
  },
};
