import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../lib/mailer.js';
import { outboxRepository } from './outbox.repository.js';

/** Sends what is due in the outbox; failures are retried with back-off. Returns how many were sent. */
export async function deliverDueEmails(app: Pick<FastifyInstance, 'db' | 'log'>, mailer: Mailer, batch = 20): Promise<number> {
  const due = await outboxRepository.due(app.db, batch);
  let sent = 0;
  for (const mail of due) {
    try {
      await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await outboxRepository.markSent(app.db, mail.id);
      sent++;
    } catch (err) {
      app.log.warn({ emailId: mail.id, attempts: mail.attempts + 1, err: (err as Error).message }, 'email delivery failed; will retry');
      await outboxRepository.markFailed(app.db, mail.id, mail.attempts + 1, (err as Error).message);
    }
  }
  return sent;
}

/**
 * Polls the outbox every few seconds while the app runs. With several instances the same email
 * could be picked twice in one tick; SMTP delivery is at-least-once either way.
 */
export function startOutboxWorker(app: FastifyInstance, mailer: Mailer, intervalMs = 3000) {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverDueEmails(app, mailer);
    } catch (err) {
      app.log.error({ err }, 'outbox tick failed');
    } finally {
      running = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    mailer.close();
  });
}
