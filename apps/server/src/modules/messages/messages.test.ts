import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxMessages, messages, userMessages } from '@copydesk/shared';
import { messageThreads, outboxEmails, users } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../seed/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, latestEmailTo, placeOrder, signInRoleMatrix, uniqueEmail, userIdByEmail, type MatrixRole } from '../../test/helpers.js';

/**
 * The support inbox (docs/decisions/0024-support-inbox.md): threads between an agency (with its
 * associates) and the admins, as every role: scope, validation, unread counts, emails and paging.
 */

let t: TestApp;
let tok: Record<MatrixRole, string>;
let ids: Record<MatrixRole, number>;
let agencyBEmail: string;

beforeAll(async () => {
  t = await createTestApp();
  const matrix = await signInRoleMatrix(t.app, t.db);
  ({ tok, ids } = matrix);
  agencyBEmail = matrix.agencyB.email;
});
afterAll(() => t?.close());

type Who = MatrixRole | null | string;

/** `who` is a role of the matrix, a raw token, or null for a visitor. */
function call(who: Who, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const token = who === null ? null : ((tok as Record<string, string>)[who] ?? who);
  return t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function openThread(who: Who, body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', '/api/message', { subject: 'Where is my article?', message: 'It was due yesterday.', ...body });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(inboxMessages.threadCreated);
  return res.json().id as number;
}

async function replyTo(who: Who, threadId: number, message = 'Thanks, looking into it.') {
  const res = await call(who, 'POST', `/api/message/${threadId}/reply`, { message });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().message).toBe(inboxMessages.replySent);
  return res.json().id as number;
}

const threadIds = async (who: Who) => (await call(who, 'GET', '/api/message?limit=100')).json().data.map((r: { id: number }) => r.id) as number[];
const rowOf = async (who: Who, id: number) => (await call(who, 'GET', '/api/message?limit=100')).json().data.find((r: { id: number }) => r.id === id);
const unread = async (who: Who) => {
  const res = await call(who, 'GET', '/api/message/unread');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().count as number;
};
const detail = (who: Who, id: number) => call(who, 'GET', `/api/message/${id}`);
const mailCount = async (to: string) => Number((await t.db.select({ n: count() }).from(outboxEmails).where(eq(outboxEmails.to, to)))[0]!.n);

/** A user inserted directly (an extra admin, or an associate to deactivate), signed in. */
async function extraUser(role: 'admin' | 'associate', name: string, agencyId: number | null = null) {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const [row] = await t.db
    .insert(users)
    .values({ name, email, role, agencyId, passwordHash: await hashPassword(DEMO_PASSWORD), emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return { id: row!.id, email, token: await loginAs(t.app, email) };
}

describe('who may call the inbox', () => {
  const endpoints = (threadId: number) =>
    [
      ['GET', '/api/message', undefined],
      ['GET', '/api/message/unread', undefined],
      ['POST', '/api/message', { subject: 'Hello', message: 'Hi there' }],
      ['GET', `/api/message/${threadId}`, undefined],
      ['POST', `/api/message/${threadId}/reply`, { message: 'Hi again' }],
    ] as const;

  it('refuses visitors (401), bad tokens (401), deactivated users and associates of a deactivated agency (403)', async () => {
    const threadId = await openThread('agencyA');
    const before = await t.db.select({ n: count() }).from(messageThreads);
    for (const [method, url, payload] of endpoints(threadId)) {
      const visitor = await call(null, method, url, payload);
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(visitor.json().message).toBe(messages.unauthenticated);
      expect((await call('x'.repeat(40), method, url, payload)).statusCode, `${method} ${url}`).toBe(401);

      const deactivated = await call('deactivated', method, url, payload);
      expect(deactivated.statusCode, `${method} ${url}`).toBe(403);
      expect(deactivated.json().message).toBe(messages.accountDeactivated);
      const orphan = await call('associateOfDeactivated', method, url, payload);
      expect(orphan.statusCode, `${method} ${url}`).toBe(403);
      expect(orphan.json().message).toBe(userMessages.agencyDeactivated);
    }
    // Nothing was written by any of them.
    expect(await t.db.select({ n: count() }).from(messageThreads)).toEqual(before);
    expect((await detail('agencyA', threadId)).json().data.messages).toHaveLength(1);
  });

  it('lets every active role call every endpoint', async () => {
    const threadId = await openThread('associateA');
    for (const who of ['admin', 'agencyA', 'associateA'] as const) {
      for (const [method, url, payload] of endpoints(threadId)) {
        const res = await call(who, method, url, payload);
        if (who === 'admin' && method === 'POST' && url === '/api/message')
          expect(res.statusCode).toBe(422); // admins need an order
        else expect(res.statusCode, `${who} ${method} ${url}: ${res.body}`).toBe(method === 'POST' ? 201 : 200);
      }
    }
  });
});

describe('tenancy: an agency and its associates share threads; other agencies never see them', () => {
  it('shows a customer thread to its agency, its associate and the admins, and hides it from agency B (404)', async () => {
    const threadId = await openThread('associateA', { subject: 'Invoice question' });

    for (const who of ['agencyA', 'associateA', 'admin'] as const) {
      expect(await threadIds(who), who).toContain(threadId);
      const res = await detail(who, threadId);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data).toMatchObject({
        id: threadId,
        subject: 'Invoice question',
        author: { id: ids.associateA, name: 'Sam Associate' },
        agency: { id: ids.agencyA, name: 'Acme Media' },
      });
    }
    for (const who of ['agencyB', 'associateB'] as const) {
      expect(await threadIds(who), who).not.toContain(threadId);
      const read = await detail(who, threadId);
      expect(read.statusCode, who).toBe(404);
      expect(read.json().message).toBe(messages.notFound);
      const answer = await call(who, 'POST', `/api/message/${threadId}/reply`, { message: 'Let me in' });
      expect(answer.statusCode, who).toBe(404);
      expect(answer.json().message).toBe(messages.notFound);
    }
    // The refused replies left nothing behind.
    expect((await detail('agencyA', threadId)).json().data.messages.map((m: { message: string }) => m.message)).toEqual(['It was due yesterday.']);
  });

  it("answers 404 for a thread that does not exist, exactly as for another agency's", async () => {
    const missing = await detail('admin', 2_147_483_647);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'request.not_found', message: messages.notFound });
    expect((await call('agencyA', 'POST', '/api/message/2147483647/reply', { message: 'Hello?' })).statusCode).toBe(404);
  });

  it('lets an admin see every agency, with the agency named on each row', async () => {
    const a = await openThread('agencyA');
    const b = await openThread('associateB', { subject: 'Bravo asks' });
    const rows = (await call('admin', 'GET', '/api/message?limit=100')).json().data;
    expect(rows.find((r: { id: number }) => r.id === a).agency).toEqual({ id: ids.agencyA, name: 'Acme Media' });
    expect(rows.find((r: { id: number }) => r.id === b).agency).toEqual({ id: ids.agencyB, name: 'Bravo Studio' });
    expect(await threadIds('agencyB')).toContain(b);
    expect(await threadIds('agencyB')).not.toContain(a);
    expect(await threadIds('agencyA')).not.toContain(b);
  });
});

describe('opening a thread', () => {
  it('answers the toast and the id, and stores the trimmed subject and message as the first message', async () => {
    const res = await call('agencyA', 'POST', '/api/message', { subject: '  Deadline\r\nquestion  ', message: '  Line one\r\nLine two  ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({ message: inboxMessages.threadCreated, id: expect.any(Number) });

    const thread = (await detail('agencyA', body.id)).json().data;
    expect(thread).toEqual({
      id: body.id,
      subject: 'Deadline question',
      order_id: null,
      created_at: expect.any(String),
      last_message_at: expect.any(String),
      author: { id: ids.agencyA, name: 'Alex Agency' },
      agency: { id: ids.agencyA, name: 'Acme Media' },
      messages: [
        {
          id: expect.any(Number),
          message: 'Line one\nLine two',
          created_at: expect.any(String),
          author: { id: ids.agencyA, name: 'Alex Agency', role: 'agency' },
        },
      ],
    });
    expect(new Date(thread.created_at).toISOString()).toBe(thread.created_at);
  });

  it("links a thread to one of the agency's orders, by number or digits; any other order is not found (404)", async () => {
    const orderA = await placeOrder(t.app, tok.associateA);
    const orderB = await placeOrder(t.app, tok.agencyB);
    const deleted = await placeOrder(t.app, tok.agencyA);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/order/${deleted}`, headers: bearer(tok.admin) });
    expect(removed.statusCode, removed.body).toBe(200);

    const own = await openThread('agencyA', { order_id: orderA });
    expect((await detail('associateA', own)).json().data.order_id).toBe(orderA);
    expect((await rowOf('agencyA', own)).order_id).toBe(orderA);
    const asText = await openThread('associateA', { order_id: String(orderA) });
    expect((await detail('agencyA', asText)).json().data.order_id).toBe(orderA);
    const none = await openThread('agencyA', { order_id: '' });
    expect((await detail('agencyA', none)).json().data.order_id).toBeNull();

    const before = await threadIds('admin');
    for (const orderId of [orderB, deleted, 2_000_000_000]) {
      for (const who of ['agencyA', 'associateA'] as const) {
        const res = await call(who, 'POST', '/api/message', { subject: 'About that order', message: 'Hello', order_id: orderId });
        expect(res.statusCode, `${who} ${orderId}`).toBe(404);
        expect(res.json().message).toBe(messages.notFound);
      }
    }
    expect(await threadIds('admin')).toEqual(before);
  });

  it("lets an admin open a thread only about an order; the thread is that order's agency's", async () => {
    const missing = await call('admin', 'POST', '/api/message', { subject: 'Hello', message: 'A question' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      code: 'message.order_required',
      message: inboxMessages.adminOrderRequired,
      errors: { order_id: [inboxMessages.adminOrderRequired] },
    });
    expect((await call('admin', 'POST', '/api/message', { subject: 'Hello', message: 'A question', order_id: null })).statusCode).toBe(422);
    expect((await call('admin', 'POST', '/api/message', { subject: 'Hello', message: 'A question', order_id: 2_000_000_000 })).statusCode).toBe(404);

    const orderB = await placeOrder(t.app, tok.associateB);
    const threadId = await openThread('admin', { subject: 'Your brief', message: 'Could you add keywords?', order_id: orderB });
    const thread = (await detail('agencyB', threadId)).json().data;
    expect(thread).toMatchObject({ order_id: orderB, author: { id: ids.admin, name: 'Avery Admin' }, agency: { id: ids.agencyB, name: 'Bravo Studio' } });
    expect(thread.messages[0].author).toEqual({ id: ids.admin, name: 'Avery Admin', role: 'admin' });
    expect(await threadIds('associateB')).toContain(threadId);
    expect((await detail('agencyA', threadId)).statusCode).toBe(404);
    expect(await threadIds('agencyA')).not.toContain(threadId);
  });
});

describe('bad input gets a clear message and changes nothing', () => {
  const post = (payload: unknown, who: Who = 'agencyA') => call(who, 'POST', '/api/message', payload);

  it('requires a subject and a message, trimmed', async () => {
    const res = await post({});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ subject: [messages.fieldRequired], message: [messages.fieldRequired] });
    const blank = await post({ subject: '   ', message: '\n\t ' });
    expect(blank.json().errors).toEqual({ subject: [messages.fieldRequired], message: [messages.fieldRequired] });
    const nulls = await post({ subject: null, message: null });
    expect(nulls.json().errors).toEqual({ subject: [messages.fieldRequired], message: [messages.fieldRequired] });
  });

  it('limits the subject to 250 and the message to 5,000 characters', async () => {
    const long = await post({ subject: 'S'.repeat(251), message: 'M'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ subject: [inboxMessages.subjectTooLong(250)], message: [inboxMessages.messageTooLong('5,000')] });
    // The limits count after trimming, and exactly the limit is fine.
    const exact = await post({ subject: ` ${'S'.repeat(250)} `, message: `${'M'.repeat(5000)}\n` });
    expect(exact.statusCode, exact.body).toBe(201);
    const thread = (await detail('agencyA', exact.json().id)).json().data;
    expect(thread.subject).toHaveLength(250);
    expect(thread.messages[0].message).toHaveLength(5000);

    const reply = await call('agencyA', 'POST', `/api/message/${exact.json().id}/reply`, { message: 'R'.repeat(5001) });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().errors).toEqual({ message: [inboxMessages.messageTooLong('5,000')] });
  });

  it('refuses wrong types, bad order numbers, malformed JSON and huge bodies', async () => {
    const types = await post({ subject: 42, message: ['hi'] });
    expect(types.statusCode).toBe(422);
    expect(types.json().errors).toEqual({ subject: [inboxMessages.subjectInvalid], message: [inboxMessages.messageInvalid] });
    for (const order_id of ['abc', 0, -3, 1.5, true, 2_147_483_648, '99999999999', { id: 1 }]) {
      const res = await post({ subject: 'Hello', message: 'Hi', order_id });
      expect(res.statusCode, JSON.stringify(order_id)).toBe(422);
      expect(res.json().errors).toEqual({ order_id: [inboxMessages.orderInvalid] });
    }
    for (const payload of [[], 'just text', 42, null]) {
      const res = await call('agencyA', 'POST', '/api/message', JSON.stringify(payload), { 'content-type': 'application/json' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toBe(messages.invalidData);
    }
    const plain = await call('agencyA', 'POST', '/api/message', 'subject=Hi', { 'content-type': 'text/plain' });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().message).toBe(messages.invalidData);
    const malformed = await call('agencyA', 'POST', '/api/message', '{"subject": "x",', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(messages.malformedJson);
    const emptyBody = await call('agencyA', 'POST', '/api/message', '', { 'content-type': 'application/json' });
    expect(emptyBody.statusCode).toBe(400);
    const huge = await post({ subject: 'Hello', message: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    const noBody = await call('agencyA', 'POST', '/api/message/1/reply');
    expect([400, 422]).toContain(noBody.statusCode);
  });

  it('refuses thread ids that are not positive int4 numbers, and bad paging', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999']) {
      for (const res of [await detail('agencyA', id as unknown as number), await call('agencyA', 'POST', `/api/message/${id}/reply`, { message: 'Hi' })]) {
        expect(res.statusCode, id).toBe(422);
        expect(res.json().message).toBeTruthy();
      }
    }
    for (const query of ['limit=0', 'limit=101', 'limit=abc', 'page=0', 'page=-2', 'page=x']) {
      expect((await call('agencyA', 'GET', `/api/message?${query}`)).statusCode, query).toBe(422);
    }
  });

  it('strips control characters that PostgreSQL cannot store, and keeps subjects on one line', async () => {
    const threadId = await openThread('agencyA', { subject: 'Two\nlines\u0000', message: 'Nul\u0000 byte' });
    const thread = (await detail('agencyA', threadId)).json().data;
    expect(thread.subject).toBe('Two lines');
    expect(thread.messages[0].message).toBe('Nul byte');
  });
});

describe('unread threads', () => {
  it('counts threads with a message from the other side newer than the reader’s last read, for each reader', async () => {
    const start = {
      admin: await unread('admin'),
      agencyA: await unread('agencyA'),
      associateA: await unread('associateA'),
      agencyB: await unread('agencyB'),
    };

    // A customer writes: new for the admins, not for its own side.
    const threadId = await openThread('agencyA');
    expect(await unread('admin')).toBe(start.admin + 1);
    expect((await rowOf('admin', threadId)).unread).toBe(true);
    expect(await unread('agencyA')).toBe(start.agencyA);
    expect(await unread('associateA')).toBe(start.associateA);
    expect((await rowOf('associateA', threadId)).unread).toBe(false);

    // The admin reads it: read for the admin.
    expect((await detail('admin', threadId)).statusCode).toBe(200);
    expect(await unread('admin')).toBe(start.admin);
    expect((await rowOf('admin', threadId)).unread).toBe(false);

    // The admin answers: new for the agency and its associate, each on their own; never for agency B.
    await replyTo('admin', threadId);
    expect(await unread('agencyA')).toBe(start.agencyA + 1);
    expect(await unread('associateA')).toBe(start.associateA + 1);
    expect((await rowOf('agencyA', threadId)).unread).toBe(true);
    expect(await unread('admin')).toBe(start.admin);
    expect(await unread('agencyB')).toBe(start.agencyB);

    await detail('agencyA', threadId);
    expect(await unread('agencyA')).toBe(start.agencyA);
    expect((await rowOf('agencyA', threadId)).unread).toBe(false);
    expect(await unread('associateA')).toBe(start.associateA + 1);

    // The associate answers without opening it first: writing counts as reading; the admins have news.
    await replyTo('associateA', threadId, 'Any update?');
    expect(await unread('associateA')).toBe(start.associateA);
    expect(await unread('admin')).toBe(start.admin + 1);
    expect(await unread('agencyA')).toBe(start.agencyA);

    // Two more admin messages in the same thread still count as one thread.
    await replyTo('admin', threadId, 'Nearly done.');
    await replyTo('admin', threadId, 'Done.');
    expect(await unread('admin')).toBe(start.admin);
    expect(await unread('agencyA')).toBe(start.agencyA + 1);
    await detail('agencyA', threadId);
    expect(await unread('agencyA')).toBe(start.agencyA);
    expect(await unread('agencyB')).toBe(start.agencyB);
  });

  it('reads a thread for the caller only, and each admin reads on their own', async () => {
    const second = await extraUser('admin', 'Blake Admin');
    const threadId = await openThread('associateB');
    const before = await unread(second.token);
    expect(before).toBeGreaterThanOrEqual(1);
    await detail('admin', threadId);
    expect(await unread(second.token)).toBe(before);
    await detail(second.token, threadId);
    expect(await unread(second.token)).toBe(before - 1);
  });

  it('is not the static /message/unread captured as a thread id', async () => {
    const res = await call('agencyA', 'GET', '/api/message/unread');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['count']);
  });
});

describe('emails to the other side', () => {
  const link = (id: number) => `http://copydesk.test/message?thread=${id}`;

  it("emails every active admin about a new customer thread, then only the admins who have answered; an admin's answer goes to the thread's author", async () => {
    const second = await extraUser('admin', 'Casey Admin');
    const retired = await extraUser('admin', 'Retired Admin');
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, retired.id));
    const retiredBefore = await mailCount(retired.email);

    const threadId = await openThread('associateA', { subject: 'Rush <order>', message: 'Please <b>hurry</b> & thanks' });
    for (const to of ['admin@example.com', second.email]) {
      const mail = await latestEmailTo(t.app, to);
      expect(mail?.subject, to).toBe('New message: Rush <order>');
      expect(mail?.text).toContain(link(threadId));
      expect(mail?.text).toContain('Please <b>hurry</b> & thanks');
      expect(mail?.html).toContain('Please &lt;b&gt;hurry&lt;/b&gt; &amp; thanks');
      expect(mail?.html).not.toContain('<b>hurry</b>');
      expect(mail?.html).toContain(link(threadId));
    }
    expect(await mailCount(retired.email)).toBe(retiredBefore);

    // The admin answers: the author hears (not the agency owner, not the admins).
    const agencyBefore = await mailCount('agency@example.com');
    const secondBefore = await mailCount(second.email);
    await replyTo('admin', threadId, 'On it.');
    const toAuthor = await latestEmailTo(t.app, 'associate@example.com');
    expect(toAuthor?.subject).toBe('New message: Rush <order>');
    expect(toAuthor?.text).toContain('Avery Admin wrote');
    expect(toAuthor?.text).toContain('On it.');
    expect(toAuthor?.text).toContain(link(threadId));
    expect(await mailCount('agency@example.com')).toBe(agencyBefore);
    expect(await mailCount(second.email)).toBe(secondBefore);

    // The customer answers: only the admin who has written in the thread hears.
    const adminBefore = await mailCount('admin@example.com');
    await replyTo('agencyA', threadId, 'Great, thanks!');
    expect(await mailCount('admin@example.com')).toBe(adminBefore + 1);
    expect((await latestEmailTo(t.app, 'admin@example.com'))?.text).toContain('Great, thanks!');
    expect(await mailCount(second.email)).toBe(secondBefore);
  });

  it('does not email an author who has been deactivated since', async () => {
    const leaver = await extraUser('associate', 'Lee Leaver', ids.agencyA);
    const threadId = await openThread(leaver.token);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, leaver.id));
    const before = await mailCount(leaver.email);
    await replyTo('admin', threadId);
    expect(await mailCount(leaver.email)).toBe(before);
  });

  it('emails the agency about a thread an admin opened, then the customers who have answered in it', async () => {
    const orderB = await placeOrder(t.app, tok.agencyB);
    const associateBEmail = (await t.db.select({ email: users.email }).from(users).where(eq(users.id, ids.associateB)))[0]!.email;
    const threadId = await openThread('admin', { subject: 'About your order', message: 'Which tone do you want?', order_id: orderB });
    const toAgency = await latestEmailTo(t.app, agencyBEmail);
    expect(toAgency?.subject).toBe('New message: About your order');
    expect(toAgency?.text).toContain(link(threadId));

    await replyTo('associateB', threadId, 'Casual, please.');
    expect((await latestEmailTo(t.app, 'admin@example.com'))?.text).toContain('Casual, please.');

    const agencyBefore = await mailCount(agencyBEmail);
    const associateBefore = await mailCount(associateBEmail);
    await replyTo('admin', threadId, 'Casual it is.');
    expect(await mailCount(associateBEmail)).toBe(associateBefore + 1);
    expect(await mailCount(agencyBEmail)).toBe(agencyBefore);
  });

  it('writes nothing, emails included, when the message is refused', async () => {
    const before = await t.db.select({ n: count() }).from(outboxEmails);
    const threadId = await openThread('agencyA');
    const afterOpen = await t.db.select({ n: count() }).from(outboxEmails);
    expect(afterOpen[0]!.n).toBeGreaterThan(before[0]!.n);
    expect((await call('agencyB', 'POST', `/api/message/${threadId}/reply`, { message: 'Sneaky' })).statusCode).toBe(404);
    expect((await call('agencyA', 'POST', `/api/message/${threadId}/reply`, { message: '' })).statusCode).toBe(422);
    expect(await t.db.select({ n: count() }).from(outboxEmails)).toEqual(afterOpen);
  });
});

describe('the list', () => {
  it('pages newest activity first with the usual meta, and a reply moves a thread to the top', async () => {
    const fresh = await createVerifiedAgency(t.app, { company_name: 'Paging Press' });
    const token = await loginAs(t.app, fresh.email, fresh.password);
    const agencyId = await userIdByEmail(t.db, fresh.email);

    const empty = (await call(token, 'GET', '/api/message')).json();
    expect(empty).toEqual({ data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 1, per_page: 10 } });

    const created: number[] = [];
    for (let i = 1; i <= 12; i += 1) created.push(await openThread(token, { subject: `Thread ${i}` }));
    const newestFirst = [...created].reverse();

    const first = (await call(token, 'GET', '/api/message')).json();
    expect(first.meta).toEqual({ from: 1, to: 10, total: 12, last_page: 2, current_page: 1, per_page: 10 });
    expect(first.data.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.data[0]).toEqual({
      id: created[11],
      subject: 'Thread 12',
      order_id: null,
      last_message_at: expect.any(String),
      unread: false,
      author: { id: agencyId, name: fresh.name },
      agency: { id: agencyId, name: 'Paging Press' },
    });

    const third = (await call(token, 'GET', '/api/message?page=3&limit=5')).json();
    expect(third.meta).toEqual({ from: 11, to: 12, total: 12, last_page: 3, current_page: 3, per_page: 5 });
    expect(third.data.map((r: { id: number }) => r.id)).toEqual(newestFirst.slice(10));
    const beyond = (await call(token, 'GET', '/api/message?page=9&limit=5')).json();
    expect(beyond).toEqual({ data: [], meta: { from: null, to: null, total: 12, last_page: 3, current_page: 9, per_page: 5 } });

    await replyTo('admin', created[0]!, 'Answering the oldest.');
    const top = (await call(token, 'GET', '/api/message?limit=1')).json().data[0];
    expect(top).toMatchObject({ id: created[0], subject: 'Thread 1', unread: true });
    expect(new Date(top.last_message_at).getTime()).toBeGreaterThanOrEqual(new Date(first.data[0].last_message_at).getTime());

    // Admins page through everyone's threads.
    const adminPage = (await call('admin', 'GET', '/api/message?limit=3')).json();
    expect(adminPage.meta.total).toBe(Number((await t.db.select({ n: count() }).from(messageThreads))[0]!.n));
    expect(adminPage.data).toHaveLength(3);
    expect(adminPage.data[0].id).toBe(created[0]);
  });

  it('shows the messages of a thread oldest first, each with its author and role', async () => {
    const threadId = await openThread('agencyA', { message: 'First' });
    await replyTo('admin', threadId, 'Second');
    await replyTo('associateA', threadId, 'Third');
    const thread = (await detail('agencyA', threadId)).json().data;
    expect(thread.messages.map((m: { message: string; author: { role: string; id: number } }) => [m.message, m.author.role, m.author.id])).toEqual([
      ['First', 'agency', ids.agencyA],
      ['Second', 'admin', ids.admin],
      ['Third', 'associate', ids.associateA],
    ]);
    const times = thread.messages.map((m: { created_at: string }) => new Date(m.created_at).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Date(thread.last_message_at).getTime()).toBe(times[2]);
    const stored = await t.db
      .select()
      .from(messageThreads)
      .where(and(eq(messageThreads.id, threadId), eq(messageThreads.agencyId, ids.agencyA)));
    expect(stored).toHaveLength(1);
  });
});

describe('API docs', () => {
  it('documents the inbox calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/message', '/api/message/unread', '/api/message/{id}', '/api/message/{id}/reply']) expect(paths).toContain(path);
  });
});
