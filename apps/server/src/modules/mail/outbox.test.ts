import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpPayload } from '../../test/helpers.js';
import { deliverDueEmails } from './outbox.worker.js';

/** A local SMTP server that records what it receives. */
function startSmtp(port: number) {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  return new Promise<{ received: typeof received; close: () => Promise<void> }>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ received, close: () => new Promise((done) => server.close(() => done())) })),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

let t: TestApp;
let port: number;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
});
afterAll(() => t?.close());

describe('transactional outbox with SMTP', () => {
  it('keeps an email when SMTP is down, retries later, and delivers it once SMTP is back', async () => {
    const payload = signUpPayload();
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload })).statusCode).toBe(201);
    const [queued] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, payload.sign.email));
    expect(queued).toMatchObject({ subject: 'Verify your email address', sentAt: null, attempts: 0 });

    // Nothing listens on the port yet: the attempt fails and is scheduled again with back-off.
    expect(await deliverDueEmails(t.app, t.app.mailer!)).toBe(0);
    const [failed] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, queued!.id));
    expect(failed!.attempts).toBe(1);
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(failed!.sentAt).toBeNull();

    const smtp = await startSmtp(port);
    try {
      // Not due yet: nothing is sent before the back-off ends.
      expect(await deliverDueEmails(t.app, t.app.mailer!)).toBe(0);
      await t.db.update(outboxEmails).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(outboxEmails.id, queued!.id));
      expect(await deliverDueEmails(t.app, t.app.mailer!)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([payload.sign.email]);
      expect(smtp.received[0]!.data).toContain('Subject: Verify your email address');
      expect(smtp.received[0]!.data).toContain('/api/email/verify/');
      const [sent] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, queued!.id));
      expect(sent!.sentAt).not.toBeNull();
      // Sent emails are not sent again.
      expect(await deliverDueEmails(t.app, t.app.mailer!)).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('hides the dev outbox when SMTP is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });
});
