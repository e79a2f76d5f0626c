import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages } from '@copydesk/shared';
import { messageNotifications, outboxEmails, users } from '../../db/schema/index.js';
import type { Mailer, OutgoingMail } from '../../lib/mailer.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency } from '../../test/helpers.js';
import { deliverDueEmails } from '../mail/outbox.worker.js';
import { MESSAGES_PER_MINUTE } from './messages.routes.js';

/**
 * A flood of messages (docs/decisions/0029-imports-in-chunks-and-message-digests.md): one account
 * may send MESSAGES_PER_MINUTE a minute, and the admins hear of a thread at most once per window,
 * the rest in one digest that the outbox sends once.
 */
let t: TestApp;
let admins: string[];
beforeAll(async () => {
  t = await createTestApp();
  admins = (
    await t.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.status, 1)))
  ).map((r) => r.email);
});
afterAll(() => t?.close());

async function customer() {
  const agency = await createVerifiedAgency(t.app);
  return loginAs(t.app, agency.email, agency.password);
}
const send = (token: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const open = async (token: string, subject: string) => {
  const res = await send(token, '/api/message', { subject, message: 'The first message.' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
};
const reply = (token: string, thread: number, message: string) => send(token, `/api/message/${thread}/reply`, { message });
/** The emails to admins about the thread, oldest first, with whether each is due now. */
const adminMail = (subject: string) =>
  t.db
    .select({
      id: outboxEmails.id,
      to: outboxEmails.to,
      text: outboxEmails.text,
      due: sql<boolean>`${outboxEmails.nextAttemptAt} <= now()`,
      sentAt: outboxEmails.sentAt,
    })
    .from(outboxEmails)
    .where(and(inArray(outboxEmails.to, admins), like(outboxEmails.subject, `%${subject}%`)))
    .orderBy(outboxEmails.id);

describe('a flood of messages', () => {
  it('takes MESSAGES_PER_MINUTE from one account (429 with Retry-After beyond), and costs each admin two emails for 100', async () => {
    const token = await customer();
    const subject = 'Flood of questions';
    const thread = await open(token, subject);
    const answers = [];
    for (let batch = 0; batch < 11; batch++) {
      answers.push(...(await Promise.all(Array.from({ length: 9 }, (_, i) => reply(token, thread, `Question ${batch * 9 + i + 2}`)))));
    }
    expect(answers.length + 1).toBe(100);
    const accepted = answers.filter((res) => res.statusCode === 201).length + 1;
    const limited = answers.filter((res) => res.statusCode === 429);
    expect(accepted).toBe(MESSAGES_PER_MINUTE);
    expect(limited.length).toBe(100 - MESSAGES_PER_MINUTE);
    expect(limited[0]!.json()).toEqual({ code: 'message.rate_limited', message: inboxMessages.tooManyMessages });
    expect(Number(limited[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // Each admin: the first message at once, the 19 after it in one digest due at the window's end.
    const mail = await adminMail(subject);
    expect(admins.length).toBeGreaterThan(0);
    for (const admin of admins) {
      const theirs = mail.filter((m) => m.to === admin);
      expect(theirs.map((m) => m.due)).toEqual([true, false]);
      expect(theirs[1]!.text).toContain(`${MESSAGES_PER_MINUTE - 1} new messages in "${subject}"`);
    }

    // The limit is the account's: another customer still writes.
    expect((await send(await customer(), '/api/message', { subject: 'Elsewhere', message: 'Hello' })).statusCode).toBe(201);
  });

  it('sends the digest once from several workers, then starts the next window; a quiet thread is emailed at once again', async () => {
    const token = await customer();
    const subject = 'Digest windows';
    const thread = await open(token, subject);
    expect((await reply(token, thread, 'Second')).statusCode).toBe(201);
    expect((await reply(token, thread, 'Third')).statusCode).toBe(201);
    let mail = await adminMail(subject);
    expect(mail.length).toBe(2 * admins.length);
    const digests = mail.filter((m) => !m.due);
    expect(digests.every((m) => m.text.includes('2 new messages') && m.text.includes('Third'))).toBe(true);

    // The window ends: three workers (three instances) poll at once; each digest goes out once.
    await t.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        inArray(
          outboxEmails.id,
          digests.map((m) => m.id),
        ),
      );
    const delivered: OutgoingMail[] = [];
    const mailer: Mailer = { send: async (m) => void delivered.push(m), close: () => {} };
    await Promise.all([0, 1, 2].map(() => deliverDueEmails(t.ctx, { mailer, batch: 100 })));
    for (const digest of digests) expect(delivered.filter((m) => m.text === digest.text && m.to === digest.to)).toHaveLength(1);
    const after = await t.db
      .select({ attempts: outboxEmails.attempts, sentAt: outboxEmails.sentAt })
      .from(outboxEmails)
      .where(
        inArray(
          outboxEmails.id,
          digests.map((m) => m.id),
        ),
      );
    expect(after.every((m) => m.attempts === 1 && m.sentAt !== null)).toBe(true);

    // Within the next window: a new digest, not an email now.
    expect((await reply(token, thread, 'Fourth')).statusCode).toBe(201);
    mail = await adminMail(subject);
    expect(mail.length).toBe(3 * admins.length);
    expect(mail.slice(-admins.length).every((m) => !m.due && m.text.includes('1 new message ') && m.text.includes('Fourth'))).toBe(true);

    // The window is over but the digest is still unclaimed: a new message joins it.
    await t.db
      .update(messageNotifications)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(messageNotifications.threadId, thread));
    expect((await reply(token, thread, 'Fifth')).statusCode).toBe(201);
    mail = await adminMail(subject);
    expect(mail.length).toBe(3 * admins.length);
    expect(mail.slice(-admins.length).every((m) => m.text.includes('2 new messages') && m.text.includes('Fifth'))).toBe(true);

    // That digest sent and the window over: the thread is quiet, the next message goes at once.
    await t.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now()` })
      .where(
        inArray(
          outboxEmails.id,
          mail.slice(-admins.length).map((m) => m.id),
        ),
      );
    await deliverDueEmails(t.ctx, { mailer, batch: 100 });
    await t.db
      .update(messageNotifications)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(messageNotifications.threadId, thread));
    expect((await reply(token, thread, 'Sixth')).statusCode).toBe(201);
    mail = await adminMail(subject);
    expect(mail.length).toBe(4 * admins.length);
    expect(mail.slice(-admins.length).every((m) => m.due && m.text.includes('Sixth'))).toBe(true);
  });
});
