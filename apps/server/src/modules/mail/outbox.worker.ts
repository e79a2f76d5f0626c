import type { FastifyInstance } from 'fastify';
import { startIntervalJob } from '../../lib/interval-job.js';
import type { AppContext } from '../../lib/app-context.js';
import type { Mailer } from '../../lib/mailer.js';
import { outboxRepository } from './outbox.repository.js';

/**
 * How long a claimed email stays this worker's. It must outlast one SMTP send (nodemailer gives up
 * after 2 min to connect and 10 min of silence), since the lease is renewed before each send; it is
 * also how long an email waits when the instance sending it died.
 */
export const OUTBOX_LEASE_SECONDS = 15 * 60;

export interface DeliverOptions {
  mailer: Mailer;
  batch?: number;
  leaseSeconds?: number;
  /** True once the app is closing: the emails of the batch not sent yet are handed back at once. */
  stopping?: () => boolean;
}

/**
 * Sends what is due in the outbox; failures are retried with back-off. Returns how many were sent.
 * Safe with several workers on one database (instances, or overlapping ticks): each claims its own
 * batch (outboxRepository.claimDue), so an email is sent once; only a worker that dies mid-send, or a
 * send that outlasts the lease, lets the email be sent again (at-least-once, never lost).
 */
export async function deliverDueEmails(
  ctx: AppContext,
  { mailer, batch = 20, leaseSeconds = OUTBOX_LEASE_SECONDS, stopping = () => false }: DeliverOptions,
): Promise<number> {
  const { db } = ctx;
  const claimed = await outboxRepository.claimDue(db, { limit: batch, leaseSeconds });
  let sent = 0;
  for (const mail of claimed) {
    // Shutting down: a lease of 0 s makes the email due again for the other instances now, instead
    // of after OUTBOX_LEASE_SECONDS.
    if (stopping()) {
      await outboxRepository.renewClaim(db, mail.id, mail.attempts, 0);
      continue;
    }
    // Earlier sends of this batch may have been slow: only send what is still ours.
    if (!(await outboxRepository.renewClaim(db, mail.id, mail.attempts, leaseSeconds))) continue;
    try {
      await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (err) {
      ctx.log?.warn({ emailId: mail.id, attempts: mail.attempts, err: (err as Error).message }, 'email delivery failed; will retry');
      await outboxRepository.markFailed(db, mail.id, mail.attempts, (err as Error).message);
      continue;
    }
    await outboxRepository.markSent(db, mail.id);
    sent++;
  }
  return sent;
}

/**
 * Polls the outbox every few seconds while the app runs; instances share the work through claims
 * (lib/interval-job.ts). Closing the app stops it: the send under way finishes, the rest of the
 * batch is handed back, and the pass ends before the database closes. The mailer closes after the
 * pass: onClose hooks run in reverse order of registration.
 */
export function startOutboxWorker(app: FastifyInstance, mailer: Mailer, intervalMs = 3000) {
  app.addHook('onClose', async () => mailer.close());
  startIntervalJob(app, { name: 'email outbox pass', intervalMs, run: (pass) => deliverDueEmails(app.ctx, { mailer, ...pass }) });
}
