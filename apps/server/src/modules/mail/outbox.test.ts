import net from 'node:net';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema/index.js';
import type { Mailer, OutgoingMail } from '../../lib/mailer.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { signUpPayload } from '../../test/helpers.js';
import { outboxRepository } from './outbox.repository.js';
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
    expect(await deliverDueEmails(t.ctx, { mailer: t.app.mailer! })).toBe(0);
    const [failed] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, queued!.id));
    expect(failed!.attempts).toBe(1);
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(failed!.sentAt).toBeNull();
    expect(failed!.lockedUntil).toBeNull();

    const smtp = await startSmtp(port);
    try {
      // Not due yet: nothing is sent before the back-off ends.
      expect(await deliverDueEmails(t.ctx, { mailer: t.app.mailer! })).toBe(0);
      await t.db
        .update(outboxEmails)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(outboxEmails.id, queued!.id));
      expect(await deliverDueEmails(t.ctx, { mailer: t.app.mailer! })).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual([payload.sign.email]);
      expect(smtp.received[0]!.data).toContain('Subject: Verify your email address');
      expect(smtp.received[0]!.data).toContain('/api/email/verify/');
      const [sent] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, queued!.id));
      expect(sent!.sentAt).not.toBeNull();
      // Sent emails are not sent again.
      expect(await deliverDueEmails(t.ctx, { mailer: t.app.mailer! })).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('hides the dev outbox when SMTP is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });
});

/** A mailer that counts what it is asked to send; `gate` can hold a send until the test lets it go. */
function countingMailer(options: { gate?: (mail: OutgoingMail) => Promise<void> | undefined } = {}) {
  const sent: OutgoingMail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      await options.gate?.(mail);
      // A real SMTP round trip yields to the event loop; so does this, letting the workers interleave.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      sent.push(mail);
    },
    close() {},
  };
  return { mailer, sent };
}

describe('outbox workers on several instances', () => {
  // No SMTP_URL: the app starts no worker of its own; the tests run theirs.
  let w: TestApp;
  beforeAll(async () => {
    w = await createTestApp();
  });
  afterAll(() => w?.close());

  async function enqueue(prefix: string, n: number) {
    for (let i = 0; i < n; i++)
      await outboxRepository.enqueue(w.db, { to: `${prefix}.${i}@example.org`, subject: `${prefix} ${i}`, text: 'x', html: '<p>x</p>' });
    return w.db
      .select()
      .from(outboxEmails)
      .where(like(outboxEmails.subject, `${prefix} %`));
  }

  /** One instance's worker: ticks until it finds nothing left to claim. */
  async function drain(mailer: Mailer, batch: number) {
    let total = 0;
    for (;;) {
      const [{ n }] = (await w.db
        .select({ n: sql<number>`count(*)::int` })
        .from(outboxEmails)
        .where(
          sql`${outboxEmails.sentAt} is null and ${outboxEmails.nextAttemptAt} <= now() and (${outboxEmails.lockedUntil} is null or ${outboxEmails.lockedUntil} <= now())`,
        )) as [{ n: number }];
      if (Number(n) === 0) return total;
      total += await deliverDueEmails(w.ctx, { mailer, batch });
    }
  }

  it(`two workers racing over one ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} database send each email exactly once`, async () => {
    const queued = await enqueue('race', 120);
    const one = countingMailer();
    const two = countingMailer();
    const [byOne, byTwo] = await Promise.all([drain(one.mailer, 7), drain(two.mailer, 5)]);

    const subjects = [...one.sent, ...two.sent].map((m) => m.subject).filter((s) => s.startsWith('race '));
    expect(subjects).toHaveLength(120);
    expect(new Set(subjects).size).toBe(120);
    expect(byOne + byTwo).toBeGreaterThanOrEqual(120);
    const rows = await w.db
      .select()
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.id,
          queued.map((q) => q.id),
        ),
      );
    expect(rows.every((r) => r.sentAt !== null && r.lockedUntil === null && r.attempts === 1)).toBe(true);
    // Sent emails are not sent again.
    expect(await deliverDueEmails(w.ctx, { mailer: one.mailer })).toBe(0);
  });

  it('keeps a claimed email from other workers, and sends it once the lease of a crashed worker ends', async () => {
    const [mail] = await enqueue('crash', 1);
    // A worker claims it and dies before sending: the row is leased, not lost.
    const [claim] = await outboxRepository.claimDue(w.db, { limit: 50, leaseSeconds: 600 }).then((rows) => rows.filter((r) => r.id === mail!.id));
    expect(claim).toMatchObject({ id: mail!.id, attempts: 1 });
    const other = countingMailer();
    await deliverDueEmails(w.ctx, { mailer: other.mailer });
    expect(other.sent.filter((m) => m.subject === 'crash 0')).toHaveLength(0);

    await w.db
      .update(outboxEmails)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxEmails.id, mail!.id));
    await deliverDueEmails(w.ctx, { mailer: other.mailer });
    expect(other.sent.filter((m) => m.subject === 'crash 0')).toHaveLength(1);
    const [row] = await w.db.select().from(outboxEmails).where(eq(outboxEmails.id, mail!.id));
    expect(row).toMatchObject({ attempts: 2, lockedUntil: null });
    expect(row!.sentAt).not.toBeNull();
  });

  it('does not send an email a slow worker lost to another after its lease ran out', async () => {
    const [first, second] = await enqueue('slow', 2);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    const slow = countingMailer({
      gate: (m) => {
        if (m.subject !== 'slow 0') return undefined;
        holding();
        return held;
      },
    });
    const slowRun = deliverDueEmails(w.ctx, { mailer: slow.mailer, batch: 50 });
    await isHolding;
    // While the first send hangs, the lease on the second email runs out and another worker takes it.
    await w.db
      .update(outboxEmails)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outboxEmails.id, second!.id));
    const fast = countingMailer();
    await deliverDueEmails(w.ctx, { mailer: fast.mailer, batch: 50 });
    release();
    await slowRun;

    const count = (subject: string) => [...slow.sent, ...fast.sent].filter((m) => m.subject === subject).length;
    expect(count('slow 0')).toBe(1);
    expect(count('slow 1')).toBe(1);
    expect(fast.sent.map((m) => m.subject)).toContain('slow 1');
    const rows = await w.db
      .select()
      .from(outboxEmails)
      .where(inArray(outboxEmails.id, [first!.id, second!.id]));
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });

  it('puts a failed email back with back-off, for any worker to retry', async () => {
    const [mail] = await enqueue('fail', 1);
    const broken: Mailer = {
      async send() {
        throw new Error('421 try again later');
      },
      close() {},
    };
    expect(await deliverDueEmails(w.ctx, { mailer: broken })).toBe(0);
    const [failed] = await w.db.select().from(outboxEmails).where(eq(outboxEmails.id, mail!.id));
    expect(failed).toMatchObject({ attempts: 1, lockedUntil: null, sentAt: null, lastError: '421 try again later' });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    const other = countingMailer();
    await deliverDueEmails(w.ctx, { mailer: other.mailer });
    expect(other.sent.filter((m) => m.subject === 'fail 0')).toHaveLength(0);
    await w.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxEmails.id, mail!.id));
    await deliverDueEmails(w.ctx, { mailer: other.mailer });
    expect(other.sent.filter((m) => m.subject === 'fail 0')).toHaveLength(1);
    const [sent] = await w.db.select().from(outboxEmails).where(eq(outboxEmails.id, mail!.id));
    expect(sent).toMatchObject({ attempts: 2, lockedUntil: null, lastError: null });
  });
});
