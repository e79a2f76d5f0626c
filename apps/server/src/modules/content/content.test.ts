import { desc, eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages, DOCX_MIME, messages, orderMessages } from '@copydesk/shared';
import { activityLogs, offerCredits, orderItems, orders, users, wallets } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { makeDocx } from '../../test/docx.js';
import { latestEmailTo, multipart, orderItem, placeOrder, signInTenants, signUpPayload, userIdByEmail, type Tenant } from '../../test/helpers.js';
import { issueAccessToken } from '../auth/auth.service.js';
import { billingRepository } from '../billing/billing.repository.js';
import { runAutoApproval } from './auto-approve.js';

/**
 * Delivery and review (docs/decisions/0004-item-state-machine.md): the fulfilment queue,
 * deliveries, the content view, approval, revisions, the activity log, refunds, automatic approval
 * and the export, as every role.
 */

let t: TestApp;
let tok: Record<Tenant, string>;
let ids: Record<Tenant, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInTenants(t.app, t.db));
  // Enough wallet balance for every order these tests pay, and the one-time offer credit out of
  // the way (marked as given), so balances move only by what these tests pay and refund.
  await t.db
    .insert(offerCredits)
    .values([ids.agencyA, ids.agencyB].map((agencyId) => ({ agencyId, amountCents: 0 })))
    .onConflictDoNothing();
  for (const agency of [ids.agencyA, ids.agencyB]) {
    const res = await call('admin', 'POST', '/api/billing/addBalance', {
      paymentInfo: { balanceByAdmin: true, agency, balance: 5000, description: 'Test credit' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(() => t?.close());

type Who = Tenant | null;

function call(who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...(who ? bearer(tok[who]) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Places and pays (from the wallet) an order of `items` as `who`; returns the order and item ids. */
async function paidOrder(
  who: Tenant = 'agencyA',
  items = [orderItem(), orderItem({ articleTitle: 'Second piece', addOns: { addOn: 'SEO Optimisation' } })],
  extra: Record<string, unknown> = {},
) {
  const orderId = await placeOrder(t.app, tok[who], items);
  const res = await call(who, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
  const detail = (await call(who, 'GET', `/api/order/getById/${orderId}`)).json();
  return { orderId, itemIds: detail.content.map((c: { id: number }) => c.id) as number[] };
}

const docx = (paragraphs = ['# Ten ways to ship faster', 'Ship small changes often.', 'Measure what matters.']) => makeDocx(paragraphs);

function upload(who: Who, itemId: number, file: { data: Buffer; name?: string; type?: string }) {
  const body = multipart({}, { field: 'file', name: file.name ?? 'delivery.docx', type: file.type ?? DOCX_MIME, data: file.data });
  return call(who, 'POST', `/api/content/${itemId}/documents`, body.payload, body.headers);
}

async function assignAndDeliver(itemId: number, paragraphs?: string[]) {
  const assigned = await call('admin', 'POST', `/api/content/${itemId}/assign`, {});
  expect(assigned.statusCode, assigned.body).toBe(200);
  const delivered = await upload('admin', itemId, { data: await docx(paragraphs) });
  expect(delivered.statusCode, delivered.body).toBe(200);
  return delivered.json().document as { id: number; version: number; word_count: number };
}

const itemStatus = async (itemId: number) => (await call('admin', 'GET', `/api/content/getStatusById/${itemId}`)).json().status;
const orderStatus = async (orderId: number) => (await call('agencyA', 'GET', `/api/order/getById/${orderId}`)).json().order.status;
const activity = async (itemId: number, who: Tenant = 'admin') =>
  (await call(who, 'GET', `/api/content/getActivityLogs/${itemId}?limit=100&sort_order=asc`)).json().data as {
    description: string;
    username: string;
    filename: string | null;
    id: number;
  }[];
const revise = (
  who: Who,
  itemId: number,
  body: Record<string, unknown> = { reason: 'Grammar', detailedReason: 'Fix the typos in the intro.', linkagent_id: 1 },
) => call(who, 'POST', `/api/content/revision/${itemId}`, body);

async function ledgerMatches(agencyId: number) {
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.agencyId, agencyId));
  expect(await billingRepository.ledgerSum(t.db, agencyId)).toBe(wallet!.balanceCents);
  return wallet!.balanceCents;
}

describe('the whole loop', () => {
  it('takes a paid item from the queue through delivery, revision and approval to a completed order', async () => {
    const completedBefore = (await call('agencyA', 'GET', '/api/order/getCountBystatus/approved')).json().count;
    const { orderId, itemIds } = await paidOrder();
    const [first, second] = itemIds as [number, number];

    // Paid: queued for a writer, due 5 business days after payment, in the admin's queue.
    expect(await itemStatus(first)).toBe('Unassigned');
    const queue = (await call('admin', 'GET', `/api/fulfilment?search=${orderId}&limit=100`)).json();
    const row = queue.data.find((r: { id: number }) => r.id === first);
    expect(row).toMatchObject({
      order_id: orderId,
      status: 'Unassigned',
      linkagent: null,
      overdue: false,
      revisions_left: 3,
      agency: { id: ids.agencyA, name: 'Acme Media' },
    });
    const paidAt = new Date(row.paid_at);
    const due = new Date(row.due_at);
    const days = Math.round((due.getTime() - paidAt.getTime()) / 86_400_000);
    expect(days).toBeGreaterThanOrEqual(5);
    expect(days).toBeLessThanOrEqual(7);
    expect(due.getUTCDay()).not.toBe(0);
    expect(due.getUTCDay()).not.toBe(6);

    // Taken: in progress with the admin.
    const take = await call('admin', 'POST', `/api/content/${first}/assign`, {});
    expect(take.json().message).toBe(contentMessages.assigned('Avery Admin'));
    expect(await itemStatus(first)).toBe('In Progress');
    expect((await call('admin', 'POST', `/api/content/${first}/assign`, {})).statusCode).toBe(409);

    // Delivered: version 1, counted, previewable, emailed to the orderer.
    const delivered = await upload('admin', first, { data: await docx() });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ message: contentMessages.delivered(1), document: { version: 1, word_count: 12 } });
    expect(await itemStatus(first)).toBe('Pending Review');
    const mail = await latestEmailTo(t.app, 'agency@example.com');
    expect(mail?.subject).toBe('Ready for review: Ten ways to ship faster');
    expect(mail?.text).toContain(`http://copydesk.test/content-view/${first}`);
    const preview = (await call('agencyA', 'GET', `/api/content/${first}/preview`)).json();
    expect(preview.html).toContain('<h1>Ten ways to ship faster</h1>');
    expect(preview.html).toContain('<p>Ship small changes often.</p>');

    // Approved: the item, but the order waits for the second one.
    const approved = await call('agencyA', 'POST', `/api/content/approved/${first}`, { id: first });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(contentMessages.approved);
    expect(await orderStatus(orderId)).toBe('IN-PROGRESS');

    // The second item: a revision, then version 2, then approval completes the order.
    await assignAndDeliver(second);
    const asked = await revise('associateA', second);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(contentMessages.revisionRequested);
    expect((await call('agencyA', 'GET', `/api/content/revisionCount/${second}`)).json()).toEqual({ count: 2 });
    expect(await itemStatus(second)).toBe('Revision Requested');
    const toWriter = await latestEmailTo(t.app, 'admin@example.com');
    expect(toWriter?.subject).toBe(`Revision requested: item #${second}`);
    expect(toWriter?.text).toContain('Fix the typos in the intro.');
    const inReview = (await call('agencyA', 'GET', `/api/order?status=pending_review&limit=100`)).json().data.map((o: { id: number }) => o.id);
    expect(inReview).not.toContain(orderId);

    expect((await call('admin', 'POST', `/api/content/${second}/assign`, {})).statusCode).toBe(200);
    const v2 = await upload('admin', second, { data: await docx(['Revised text, typos gone.']) });
    expect(v2.json().document.version).toBe(2);
    expect((await call('agencyA', 'GET', `/api/order?status=pending_review&limit=100`)).json().data.map((o: { id: number }) => o.id)).toContain(orderId);
    expect((await call('agencyA', 'POST', `/api/content/approved/${second}`, { id: second })).statusCode).toBe(200);

    expect(await orderStatus(orderId)).toBe('COMPLETED');
    expect((await call('agencyA', 'GET', '/api/order/getCountBystatus/approved')).json().count).toBe(completedBefore + 1);
    const inProgress = (await call('agencyA', 'GET', `/api/order?status=inprogress&limit=100`)).json().data.map((o: { id: number }) => o.id);
    expect(inProgress).not.toContain(orderId);

    // The content view tells the whole story.
    const detail = (await call('agencyA', 'GET', `/api/content/${second}`)).json().data;
    expect(detail).toMatchObject({ id: second, status: 'Approved', revisions_left: 2, order_status: 'COMPLETED', linkagent: { name: 'Avery Admin' } });
    expect(detail.documents.map((d: { version: number }) => d.version)).toEqual([2, 1]);
    expect(detail.revision).toEqual([{ reason: 'Grammar', description: 'Fix the typos in the intro.', created_at: expect.any(String) }]);
    expect(detail.file_path).toBe(`${second}-Second piece-v2.docx`);
    const log = (await activity(second)).map((e) => e.description);
    expect(log).toEqual([
      expect.stringMatching(new RegExp(`^Paid with order #${orderId} \\(payment #\\d+\\)$`)),
      'Assigned to Avery Admin',
      'Delivered version 1 (12 words)',
      'Revision requested (Grammar): Fix the typos in the intro.',
      'Assigned to Avery Admin',
      'Delivered version 2 (4 words)',
      'Approved',
    ]);
  });
});

describe('who may do what', () => {
  it('keeps the fulfilment queue and its actions to admins', async () => {
    const { itemIds } = await paidOrder();
    const [item] = itemIds as [number];
    for (const who of ['agencyA', 'associateA', 'agencyB'] as const) {
      expect((await call(who, 'GET', '/api/fulfilment')).statusCode, who).toBe(403);
      expect((await call(who, 'GET', '/api/fulfilment/agents')).statusCode, who).toBe(403);
      expect((await call(who, 'POST', `/api/content/${item}/assign`, {})).statusCode, who).toBe(403);
      expect((await upload(who, item, { data: await docx() })).statusCode, who).toBe(403);
    }
    expect((await call(null, 'GET', '/api/fulfilment')).statusCode).toBe(401);
    expect((await call(null, 'POST', `/api/content/${item}/assign`, {})).statusCode).toBe(401);
    expect((await call('admin', 'GET', '/api/fulfilment/agents')).json().data).toContainEqual({ id: ids.admin, name: 'Avery Admin' });
    expect(await itemStatus(item)).toBe('Unassigned');
  });

  it('lets only the agency side approve or ask for revisions, and only its own items', async () => {
    const { itemIds } = await paidOrder();
    const [first, second] = itemIds as [number, number];
    await assignAndDeliver(first);
    await assignAndDeliver(second);
    expect((await call('admin', 'POST', `/api/content/approved/${first}`, { id: first })).statusCode).toBe(403);
    expect((await revise('admin', first)).statusCode).toBe(403);
    expect((await call('agencyB', 'POST', `/api/content/approved/${first}`, { id: first })).statusCode).toBe(404);
    expect((await revise('agencyB', first)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/content/approved/${first}`, { id: first })).statusCode).toBe(401);
    expect(await itemStatus(first)).toBe('Pending Review');
    // An associate works on its agency's items, including ones the agency ordered.
    expect((await call('associateA', 'POST', `/api/content/approved/${first}`, { id: first })).statusCode).toBe(200);
    expect((await revise('agencyA', second)).statusCode).toBe(200);
  });

  it("answers another agency's items as not found on every read, and lets its own tenant and admins read", async () => {
    const { orderId, itemIds } = await paidOrder();
    const [item] = itemIds as [number];
    await assignAndDeliver(item);
    const [log] = (await activity(item)).filter((e) => e.filename);
    const reads = [
      `/api/content/${item}`,
      `/api/content/${item}/preview`,
      `/api/content/getStatusById/${item}`,
      `/api/content/revisionCount/${item}`,
      `/api/content/download/${item}`,
      `/api/content/downloadActivity/${log!.id}`,
      `/api/content/getActivityLogs/${item}`,
      `/api/order/${orderId}/export`,
    ];
    for (const url of reads) {
      expect((await call('agencyB', 'GET', url)).statusCode, url).toBe(404);
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
      for (const who of ['admin', 'agencyA', 'associateA'] as const) expect((await call(who, 'GET', url)).statusCode, `${who} ${url}`).toBe(200);
    }
    const theirs = (await call('agencyB', 'GET', '/api/content?limit=100')).json().data.map((r: { id: number }) => r.id);
    expect(theirs).not.toContain(item);
    expect((await call('associateA', 'GET', '/api/content?limit=100')).json().data.map((r: { id: number }) => r.id)).toContain(item);
  });

  it('makes an unverified user verify first', async () => {
    const payload = signUpPayload();
    await call(null, 'POST', '/api/register', payload);
    const userId = await userIdByEmail(t.db, payload.sign.email);
    // A full session of an unverified account (as the Google sign-in hand-off opens one).
    const token = await issueAccessToken(t.db, userId);
    const { itemIds } = await paidOrder();
    for (const url of [`/api/content/${itemIds[0]}`, `/api/content/${itemIds[0]}/preview`, '/api/content']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(messages.verifyToViewOrder);
    }
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    expect((await t.app.inject({ method: 'GET', url: `/api/content/${itemIds[0]}`, headers: bearer(token) })).statusCode).toBe(404);
  });
});

describe('assigning', () => {
  it('assigns to another active admin, refuses customers and unknown users as writers', async () => {
    const { itemIds } = await paidOrder();
    const [item] = itemIds as [number];
    for (const bad of [ids.agencyA, ids.associateA, 99_999_999]) {
      const res = await call('admin', 'POST', `/api/content/${item}/assign`, { linkagent_id: bad });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ linkagent_id: [contentMessages.agentInvalid] });
    }
    expect((await call('admin', 'POST', `/api/content/${item}/assign`, { linkagent_id: 'x' })).statusCode).toBe(422);
    expect(await itemStatus(item)).toBe('Unassigned');
    expect((await call('admin', 'POST', `/api/content/${item}/assign`, { linkagent_id: ids.admin })).statusCode).toBe(200);
    expect((await call('admin', 'POST', '/api/content/99999999/assign', {})).statusCode).toBe(404);
  });

  it('refuses unpaid and approved items', async () => {
    const unpaid = await placeOrder(t.app, tok.agencyA);
    const [unpaidItem] = (await call('agencyA', 'GET', `/api/order/getById/${unpaid}`)).json().content;
    const res = await call('admin', 'POST', `/api/content/${unpaidItem.id}/assign`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(contentMessages.assignNotAllowed);
    const { itemIds } = await paidOrder();
    await assignAndDeliver(itemIds[0]!);
    expect((await call('admin', 'POST', `/api/content/${itemIds[0]}/assign`, {})).statusCode).toBe(409);
  });
});

describe('delivering files', () => {
  it('accepts only real Word documents up to 20 MB, while In Progress', async () => {
    const { itemIds } = await paidOrder();
    const [item, other] = itemIds as [number, number];
    // Not taken yet: no delivery.
    const early = await upload('admin', item, { data: await docx() });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(contentMessages.deliverNotAllowed);
    await call('admin', 'POST', `/api/content/${item}/assign`, {});

    const { ZipFile } = await import('yazl');
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from('<x/>'), '[Content_Types].xml');
    zip.addBuffer(Buffer.from('not a document'), 'readme.txt');
    zip.end();
    const chunks: Buffer[] = [];
    for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
    const fakes = [
      { data: Buffer.from('%PDF-1.7 pretending to be Word'), name: 'essay.docx' },
      { data: Buffer.from('Just plain text, renamed.'), name: 'essay.docx' },
      { data: Buffer.concat(chunks), name: 'essay.docx' },
      { data: (await docx()).subarray(0, 200), name: 'cut-short.docx' },
      { data: Buffer.from('PK\u0003\u0004garbage'), name: 'essay.docx' },
    ];
    for (const fake of fakes) {
      const res = await upload('admin', item, fake);
      expect(res.statusCode, fake.name).toBe(422);
      expect(res.json()).toEqual({ code: 'content.only_docx', message: contentMessages.onlyDocx, errors: { file: [contentMessages.onlyDocx] } });
    }
    const huge = await upload('admin', item, { data: Buffer.alloc(20 * 1024 * 1024 + 1, 1) });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().message).toBe(contentMessages.docxTooLarge);
    const none = multipart({ note: 'no file' });
    const missing = await call('admin', 'POST', `/api/content/${item}/documents`, none.payload, none.headers);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(contentMessages.fileMissing);
    const json = await call('admin', 'POST', `/api/content/${item}/documents`, { file: 'x' });
    expect(json.statusCode).toBe(422);
    expect(await itemStatus(item)).toBe('In Progress');
    expect((await call('admin', 'GET', `/api/content/${item}`)).json().data.documents).toEqual([]);

    // A real document, even named .bin, is accepted: the content decides.
    const ok = await upload('admin', item, { data: await docx(), name: 'export.bin', type: 'application/octet-stream' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await upload('admin', item, { data: await docx() })).statusCode).toBe(409);
    expect((await upload('admin', other, { data: await docx() })).statusCode).toBe(409);
  });

  it('emails the agency too when an associate ordered', async () => {
    const { itemIds } = await paidOrder('associateA', [orderItem({ articleTitle: 'Associate piece' })]);
    await assignAndDeliver(itemIds[0]!);
    expect((await latestEmailTo(t.app, 'associate@example.com'))?.subject).toBe('Ready for review: Associate piece');
    expect((await latestEmailTo(t.app, 'agency@example.com'))?.subject).toBe('Ready for review: Associate piece');
  });

  it('shows a sanitised reading view: no script, no event handlers, no external loads', async () => {
    const { itemIds } = await paidOrder();
    const item = itemIds[0]!;
    await call('admin', 'POST', `/api/content/${item}/assign`, {});
    const hostile = await makeDocx({
      paragraphs: ['<script>alert(1)</script>', '<img src=x onerror=alert(2)>', 'Plain & simple'],
      link: { text: 'click me', url: 'javascript:alert(3)' },
    });
    expect((await upload('admin', item, { data: hostile })).statusCode).toBe(200);
    const { html } = (await call('agencyA', 'GET', `/api/content/${item}/preview`)).json();
    // Markup-looking text stays text; no element or attribute that runs or loads anything survives.
    expect(html).not.toMatch(/<script|<img|<[^>]*\son\w+\s*=|href="javascript:/i);
    expect(html).toContain('<a>click me</a>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Plain &amp; simple');

    const { itemIds: more } = await paidOrder('agencyA', [orderItem()]);
    await call('admin', 'POST', `/api/content/${more[0]}/assign`, {});
    await upload('admin', more[0]!, { data: await makeDocx({ paragraphs: ['See the source.'], link: { text: 'our site', url: 'https://example.com/page' } }) });
    const linked = (await call('agencyA', 'GET', `/api/content/${more[0]}/preview`)).json().html;
    expect(linked).toContain('<a href="https://example.com/page" rel="noopener noreferrer nofollow" target="_blank">our site</a>');
    const none = await call('agencyA', 'GET', `/api/content/${itemIds[1]}/preview`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(contentMessages.noDocument);
  });

  it('downloads the latest version, an older one, and the file of an activity entry', async () => {
    const { itemIds } = await paidOrder('agencyA', [orderItem({ articleTitle: 'Café: 10/10 "tips"' })]);
    const item = itemIds[0]!;
    const v1 = await assignAndDeliver(item, ['First draft.']);
    await revise('agencyA', item);
    await call('admin', 'POST', `/api/content/${item}/assign`, {});
    const second = await makeDocx(['Second draft, better.']);
    await upload('admin', item, { data: second });

    const latest = await call('associateA', 'GET', `/api/content/download/${item}`);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-type']).toBe(DOCX_MIME);
    expect(latest.headers['content-disposition']).toBe(
      `attachment; filename="${item}-Cafe 10 10 tips-v2.docx"; filename*=UTF-8''${encodeURIComponent(`${item}-Café 10 10 tips-v2.docx`)}`,
    );
    expect(Buffer.compare(latest.rawPayload, second)).toBe(0);
    const older = await call('agencyA', 'GET', `/api/content/download/${item}?document=${v1.id}`);
    expect(older.statusCode).toBe(200);
    expect(older.headers['content-disposition']).toContain('-v1.docx');
    expect((await call('agencyA', 'GET', `/api/content/download/${itemIds[0]! + 100000}`)).statusCode).toBe(404);
    // Another item's document through this item is not found.
    const { itemIds: others } = await paidOrder('agencyA', [orderItem()]);
    const foreign = await call('agencyA', 'GET', `/api/content/download/${others[0]}?document=${v1.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call('agencyA', 'GET', `/api/content/download/${others[0]}`)).json().message).toBe(contentMessages.noDocument);

    const withFile = (await activity(item)).filter((e) => e.filename);
    expect(withFile.map((e) => e.filename)).toEqual([`${item}-Café 10 10 tips-v1.docx`, `${item}-Café 10 10 tips-v2.docx`]);
    const file = await call('agencyA', 'GET', `/api/content/downloadActivity/${withFile[1]!.id}`);
    expect(Buffer.compare(file.rawPayload, second)).toBe(0);
    const noFile = (await activity(item)).find((e) => !e.filename)!;
    const res = await call('agencyA', 'GET', `/api/content/downloadActivity/${noFile.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(contentMessages.activityNoFile);
  });
});

describe('review', () => {
  it('approves only delivered items waiting for review', async () => {
    const { itemIds } = await paidOrder();
    const [item] = itemIds as [number];
    const early = await call('agencyA', 'POST', `/api/content/approved/${item}`, { id: item });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(contentMessages.approveNotAllowed);
    await assignAndDeliver(item);
    expect((await call('agencyA', 'POST', `/api/content/approved/${item}`)).statusCode).toBe(200);
    expect((await call('agencyA', 'POST', `/api/content/approved/${item}`, { id: item })).statusCode).toBe(409);
  });

  it('validates revision requests with field errors', async () => {
    const { itemIds } = await paidOrder();
    const [item] = itemIds as [number];
    await assignAndDeliver(item);
    const empty = await revise('agencyA', item, { reason: '', detailedReason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ reason: [messages.fieldRequired], detailedReason: [messages.fieldRequired] });
    const missing = await revise('agencyA', item, {});
    expect(Object.keys(missing.json().errors).sort()).toEqual(['detailedReason', 'reason']);
    const wrong = await revise('agencyA', item, { reason: 'Vibes', detailedReason: 'x'.repeat(2001) });
    expect(wrong.json().errors).toEqual({ reason: [contentMessages.reasonInvalid], detailedReason: [messages.fieldTooLong(2000)] });
    expect((await revise('agencyA', item, { reason: 7, detailedReason: ['x'] })).statusCode).toBe(422);
    expect((await call('agencyA', 'GET', `/api/content/revisionCount/${item}`)).json().count).toBe(3);
    expect(await itemStatus(item)).toBe('Pending Review');
  });

  it('allows three revisions per item, then says none are left', async () => {
    const { itemIds } = await paidOrder('agencyA', [orderItem()]);
    const item = itemIds[0]!;
    const notYet = await revise('agencyA', item);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(contentMessages.revisionNotAllowed);
    for (let left = 2; left >= 0; left--) {
      await assignAndDeliver(item);
      expect((await revise('agencyA', item, { reason: 'Relevancy', detailedReason: `Round ${3 - left}` })).statusCode).toBe(200);
      expect((await call('agencyA', 'GET', `/api/content/revisionCount/${item}`)).json()).toEqual({ count: left });
    }
    await assignAndDeliver(item);
    const none = await revise('agencyA', item);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('No revisions left for this item.');
    expect((await call('agencyA', 'GET', `/api/content/${item}`)).json().data).toMatchObject({ revisions_left: 0, status: 'Pending Review' });
    expect((await call('agencyA', 'GET', `/api/content/${item}`)).json().data.revision).toHaveLength(3);
  });
});

describe('activity log', () => {
  it('pages, sorts and searches the entries of one item', async () => {
    const { itemIds } = await paidOrder('agencyA', [orderItem()]);
    const item = itemIds[0]!;
    await assignAndDeliver(item);
    await revise('agencyA', item, { reason: 'Formatting', detailedReason: 'Use headings' });
    const page = (await call('agencyA', 'GET', `/api/content/getActivityLogs/${item}?limit=5&page=1`)).json();
    expect(page.meta).toMatchObject({ total: 4, per_page: 5, current_page: 1, from: 1, to: 4 });
    expect(page.data[0]).toMatchObject({ description: 'Revision requested (Formatting): Use headings', username: 'Alex Agency', filename: null });
    const byName = (await call('agencyA', 'GET', `/api/content/getActivityLogs/${item}?sort_column=username&sort_order=asc&limit=5`)).json().data;
    expect(byName.map((e: { username: string }) => e.username)).toEqual(['Alex Agency', 'Alex Agency', 'Avery Admin', 'Avery Admin']);
    const found = (await call('agencyA', 'GET', `/api/content/getActivityLogs/${item}?search=delivered`)).json();
    expect(found.data.map((e: { description: string }) => e.description)).toEqual(['Delivered version 1 (12 words)']);
    expect((await call('agencyA', 'GET', `/api/content/getActivityLogs/${item}?search=avery`)).json().meta.total).toBe(2);
    expect((await call('agencyA', 'GET', `/api/content/getActivityLogs/${item}?limit=7`)).statusCode).toBe(422);
    expect((await call('agencyA', 'GET', `/api/content/getActivityLogs/${item}?sort_column=password`)).statusCode).toBe(422);
  });

  it('records edits by an admin', async () => {
    const { itemIds } = await paidOrder('agencyA', [orderItem()]);
    const res = await call('admin', 'PATCH', `/api/content/${itemIds[0]}`, {
      wordCount: { word: '500 Words' },
      keyword: 'ship;fast',
      articleTitle: 'Renamed',
      description: 'Brief',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await activity(itemIds[0]!)).at(-1)?.description).toBe('Edited by an admin: keywords, title, description');
  });
});

describe('the fulfilment queue', () => {
  it('lists open paid items by due date, filters by status, agency and search, and marks overdue items', async () => {
    const { itemIds: a } = await paidOrder('agencyA', [orderItem({ articleTitle: 'Queue probe alpha' })]);
    const { itemIds: b } = await paidOrder('agencyB', [orderItem({ articleTitle: 'Queue probe bravo' })]);
    await t.db
      .update(orderItems)
      .set({ dueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(orderItems.id, b[0]!));
    const unpaid = await placeOrder(t.app, tok.agencyA, [orderItem({ articleTitle: 'Queue probe unpaid' })]);

    const open = (await call('admin', 'GET', '/api/fulfilment?search=queue%20probe&limit=100')).json();
    expect(open.data.map((r: { id: number }) => r.id)).toEqual([b[0], a[0]]);
    expect(open.data[0]).toMatchObject({ overdue: true, agency: { id: ids.agencyB, name: 'Bravo Studio' } });
    expect(open.data[1].overdue).toBe(false);
    expect(open.data.map((r: { order_id: number }) => r.order_id)).not.toContain(unpaid);

    const byAgency = (await call('admin', 'GET', `/api/fulfilment?agency=${ids.agencyB}&search=queue&limit=100`)).json().data;
    expect(byAgency.map((r: { id: number }) => r.id)).toEqual([b[0]]);
    await assignAndDeliver(a[0]!);
    const pending = (await call('admin', 'GET', '/api/fulfilment?status=Pending%20Review&search=alpha')).json().data;
    expect(pending.map((r: { id: number }) => r.id)).toEqual([a[0]]);
    expect(pending[0].linkagent).toEqual({ id: ids.admin, name: 'Avery Admin' });
    await call('agencyA', 'POST', `/api/content/approved/${a[0]}`, {});
    expect((await call('admin', 'GET', '/api/fulfilment?search=alpha')).json().data).toEqual([]);
    expect((await call('admin', 'GET', '/api/fulfilment?search=alpha&status=all')).json().data[0]).toMatchObject({ status: 'Approved', overdue: false });
    const desc = (await call('admin', 'GET', '/api/fulfilment?search=queue%20probe&sort_column=id&sort_order=desc&status=all')).json().data;
    expect(desc.map((r: { id: number }) => r.id)).toEqual([b[0], a[0]]);
    for (const bad of ['status=Unpaid', 'sort_column=price', 'limit=500', 'agency=abc'])
      expect((await call('admin', 'GET', `/api/fulfilment?${bad}`)).statusCode, bad).toBe(422);
  });
});

describe('refunds when an admin deletes paid work', () => {
  it("refunds a deleted item's share after the coupon, with a credit note, and keeps the ledger whole", async () => {
    const code = `REFUND${Date.now().toString(36)}`.toUpperCase();
    const coupon = await call('admin', 'POST', '/api/coupon', {
      coupon_code: code,
      type: 'percentage',
      amount: '10',
      user_id: '',
      expiry: '2099-12-31',
      limit: '5',
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const before = await ledgerMatches(ids.agencyA);
    // $28.00 + $38.00 = $66.00, 10 % off = $59.40 paid.
    const { orderId, itemIds } = await paidOrder('agencyA', undefined, { coupon_code: code });
    const [cheap, dear] = itemIds as [number, number];
    expect(await ledgerMatches(ids.agencyA)).toBe(before - 5940);

    // A paid item is the admin's to delete; the associate and agency B do not reach agency A's order at all.
    expect((await call('agencyA', 'DELETE', `/api/content/${dear}`)).statusCode).toBe(403);
    for (const who of ['associateA', 'agencyB'] as const) expect((await call(who, 'DELETE', `/api/content/${dear}`)).statusCode).toBe(404);
    const res = await call('admin', 'DELETE', `/api/content/${dear}`);
    expect(res.statusCode, res.body).toBe(200);
    // 38 × 59.40 / 66 = 34.20
    expect(res.json().message).toBe(contentMessages.refunded('$34.20'));
    expect(await ledgerMatches(ids.agencyA)).toBe(before - 5940 + 3420);
    // The item is gone from every screen; its history stays in the log.
    const [entry] = await t.db.select().from(activityLogs).where(eq(activityLogs.itemId, dear)).orderBy(desc(activityLogs.id)).limit(1);
    expect(entry?.description).toMatch(/^Deleted by an admin; \$34\.20 refunded to the agency wallet \(credit note CN-\d{4}-\d{6}\)$/);

    const history = (await call('agencyA', 'GET', `/api/billing?search=Refund: item %23${dear}&limit=5`)).json();
    expect(history.data[0]).toMatchObject({ type: 'refund', amount: 34.2, order_id: orderId, description: `Refund: item #${dear} of order #${orderId}` });
    expect(history.data[0].invoice).toMatch(/^CN-\d{4}-\d{6}$/);
    // The agency placed the order, so its associate does not see the refund (README "Who sees what").
    expect((await call('associateA', 'GET', `/api/billing?search=Refund: item %23${dear}`)).json().data).toHaveLength(0);
    const link = (await call('agencyA', 'GET', `/api/order/downloadinvoice/${history.data[0].id}`)).json().link as string;
    const pdf = await t.app.inject({ method: 'GET', url: link.replace('http://copydesk.test', '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(history.data[0].invoice);

    // The whole order: what is left of the payment (59.40 - 34.20 = 25.20).
    const rest = await call('admin', 'DELETE', `/api/order/${orderId}`);
    expect(rest.json().message).toBe(contentMessages.refunded('$25.20'));
    expect(await ledgerMatches(ids.agencyA)).toBe(before);
    expect((await call('agencyA', 'GET', `/api/content/${cheap}`)).statusCode).toBe(404);
    const queued = (await call('admin', 'GET', `/api/fulfilment?search=${orderId}&status=all&limit=100`)).json().data;
    expect(queued.filter((r: { order_id: number }) => r.order_id === orderId)).toEqual([]);
  });

  it('keeps approved work: approved items and orders holding one cannot be deleted', async () => {
    const { orderId, itemIds } = await paidOrder();
    const [done, open] = itemIds as [number, number];
    await assignAndDeliver(done);
    await call('agencyA', 'POST', `/api/content/approved/${done}`, {});
    const balance = await ledgerMatches(ids.agencyA);
    const item = await call('admin', 'DELETE', `/api/content/${done}`);
    expect(item.statusCode).toBe(409);
    expect(item.json().message).toBe(contentMessages.approvedDeleteLocked);
    const order = await call('admin', 'DELETE', `/api/order/${orderId}`);
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe(contentMessages.orderHasApproved);
    expect(await ledgerMatches(ids.agencyA)).toBe(balance);
    // The open item may go; the last item never (delete the order instead).
    expect((await call('admin', 'DELETE', `/api/content/${open}`)).statusCode).toBe(200);
    expect(await ledgerMatches(ids.agencyA)).toBe(balance + 3800);
    expect(await orderStatus(orderId)).toBe('COMPLETED');
    const last = await call('admin', 'DELETE', `/api/content/${done}`);
    expect(last.statusCode).toBe(409);
  });

  it('refunds once when admins delete the same paid work at the same time', async () => {
    const { orderId, itemIds } = await paidOrder('agencyA', [orderItem(), orderItem(), orderItem()]);
    const before = await ledgerMatches(ids.agencyA);
    const sameItem = await Promise.all(Array.from({ length: 6 }, () => call('admin', 'DELETE', `/api/content/${itemIds[0]}`)));
    expect(sameItem.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(sameItem.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 404)).toBe(true);
    expect(await ledgerMatches(ids.agencyA)).toBe(before + 2800);
    // An item and its order at once: together they return exactly what was paid.
    const both = await Promise.all([
      call('admin', 'DELETE', `/api/content/${itemIds[1]}`),
      call('admin', 'DELETE', `/api/order/${orderId}`),
      call('admin', 'DELETE', `/api/order/${orderId}`),
    ]);
    expect(both.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect(await ledgerMatches(ids.agencyA)).toBe(before + 3 * 2800);
    expect(await billingRepository.refundedCents(t.db, orderId)).toBe(3 * 2800);
  });

  it('deletes an unpaid order without touching money', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA);
    const balance = await ledgerMatches(ids.agencyA);
    const res = await call('admin', 'DELETE', `/api/order/${orderId}`);
    expect(res.json().message).toBe(messages.success);
    expect(await ledgerMatches(ids.agencyA)).toBe(balance);
    expect(orderMessages.lastItem).toBeTypeOf('string');
  });
});

describe('automatic approval', () => {
  it('warns the orderer a day before and approves after AUTO_APPROVE_DAYS, once, whatever runs at once', async () => {
    const { orderId, itemIds } = await paidOrder('associateA', [orderItem({ articleTitle: 'Left alone' })]);
    const item = itemIds[0]!;
    await assignAndDeliver(item);
    const started = new Date((await call('admin', 'GET', `/api/content/${item}`)).json().data.fileupload_time);
    const ctx = { ...t.ctx, config: { ...t.ctx.config, publicUrl: 'http://copydesk.test', autoApproveDays: 4 } };
    const day = 86_400_000;

    const mine = async (now: Date) => {
      await runAutoApproval(ctx, { now });
      return itemStatus(item);
    };
    expect(await mine(new Date(started.getTime() + 2 * day))).toBe('Pending Review');
    expect((await latestEmailTo(t.app, 'associate@example.com'))?.subject).toBe('Ready for review: Left alone');

    await mine(new Date(started.getTime() + 3 * day + 60_000));
    // Items delivered by earlier tests are warned in the same pass, at the same instant: look for
    // this item's warning rather than the newest email.
    const sent = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().data as { to: string; subject: string; text: string }[];
    const warning = sent.find((m) => m.to === 'associate@example.com' && m.subject === `Approved automatically tomorrow: item #${item}`);
    expect(warning?.subject).toBe(`Approved automatically tomorrow: item #${item}`);
    expect(warning?.text).toContain(`/content-view/${item}`);
    // Warned once only.
    await runAutoApproval(ctx, { now: new Date(started.getTime() + 3 * day + 120_000) });
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().data as { subject: string }[];
    expect(outbox.filter((m) => m.subject === warning?.subject)).toHaveLength(1);

    // Several passes at the same moment approve the item exactly once.
    const when = new Date(started.getTime() + 4 * day + 60_000);
    const results = await Promise.all([runAutoApproval(ctx, { now: when }), runAutoApproval(ctx, { now: when }), runAutoApproval(ctx, { now: when })]);
    expect(await itemStatus(item)).toBe('Approved');
    expect(await orderStatus(orderId)).toBe('COMPLETED');
    const automatic = (await activity(item)).filter((e) => e.description.startsWith('Approved automatically'));
    expect(automatic).toEqual([expect.objectContaining({ description: 'Approved automatically after 4 days in review', username: 'Copydesk (automatic)' })]);
    expect(results.reduce((n, r) => n + r.approved, 0)).toBeGreaterThanOrEqual(1);
  });

  it('restarts the clock with every delivery and never approves items under revision', async () => {
    const { itemIds } = await paidOrder('agencyA', [orderItem()]);
    const item = itemIds[0]!;
    await assignAndDeliver(item);
    await revise('agencyA', item);
    const ctx = { ...t.ctx, config: { ...t.ctx.config, publicUrl: 'http://copydesk.test', autoApproveDays: 4 } };
    await runAutoApproval(ctx, { now: new Date(Date.now() + 30 * 86_400_000) });
    expect(await itemStatus(item)).toBe('Revision Requested');
  });
});

describe('export', () => {
  it('zips the latest file of every delivered item as {item id}-{title}.docx', async () => {
    const { orderId, itemIds } = await paidOrder('agencyA', [
      orderItem({ articleTitle: 'One' }),
      orderItem({ articleTitle: 'Two / halves' }),
      orderItem({ articleTitle: 'Three' }),
    ]);
    const [one, two] = itemIds as [number, number];
    const empty = await call('agencyA', 'GET', `/api/order/${orderId}/export`);
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(contentMessages.exportEmpty);
    await assignAndDeliver(one, ['Version one of one.']);
    await assignAndDeliver(two, ['First of two.']);
    await revise('agencyA', two);
    await call('admin', 'POST', `/api/content/${two}/assign`, {});
    const latestTwo = await makeDocx(['Second of two.']);
    await upload('admin', two, { data: latestTwo });

    const res = await call('associateA', 'GET', `/api/order/${orderId}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual([`${one}-One.docx`, `${two}-Two halves.docx`]);
    expect(Buffer.compare(entries.get(`${two}-Two halves.docx`)!, latestTwo)).toBe(0);
    expect((await call('agencyB', 'GET', `/api/order/${orderId}/export`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/order/${orderId}/export`)).statusCode).toBe(200);
  });
});

describe('queue totals kept by the database', () => {
  it('agree with the rows after payments, deliveries, approvals, refunds and deletions', async () => {
    // Everything above has run: payments, bulk status changes, refunds, deleted orders and items.
    const { orderId } = await paidOrder('agencyB', [orderItem(), orderItem(), orderItem()]);
    await call('admin', 'DELETE', `/api/order/${orderId}`);
    const counted = async (statuses: string[], agencyId?: number) => {
      const rows = await t.db
        .select({ status: orderItems.status, agencyId: orders.agencyId, deletedAt: orderItems.deletedAt, orderDeleted: orders.deletedAt })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId));
      return rows.filter((r) => !r.deletedAt && !r.orderDeleted && statuses.includes(r.status) && (!agencyId || r.agencyId === agencyId)).length;
    };
    const open = ['Unassigned', 'In Progress', 'Pending Review', 'Revision Requested'];
    const cases: [string, string[], number | undefined][] = [
      ['', open, undefined],
      ['status=all', [...open, 'Approved'], undefined],
      ['status=Approved', ['Approved'], undefined],
      ['status=Pending%20Review', ['Pending Review'], undefined],
      [`agency=${ids.agencyA}`, open, ids.agencyA],
      [`agency=${ids.agencyB}&status=all`, [...open, 'Approved'], ids.agencyB],
    ];
    for (const [query, statuses, agency] of cases) {
      const expected = await counted(statuses, agency);
      expect((await call('admin', 'GET', `/api/fulfilment?${query}`)).json().meta.total, query).toBe(expected);
    }
    expect(await counted([...open, 'Approved'])).toBeGreaterThan(20);
  });
});

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('the fulfilment queue search by agency', () => {
  it("finds an agency's items by its company name, also when more than a hundred users match", async () => {
    const { itemIds } = await paidOrder('agencyB', [orderItem({ articleTitle: 'Agency search probe' })]);
    const search = async (q: string) => {
      const res = await call('admin', 'GET', `/api/fulfilment?limit=100&status=all&search=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { id: number; agency: { id: number } }[]; meta: { total: number } };
    };
    const byCompany = await search('BRAVO stud');
    expect(byCompany.data.map((r) => r.id)).toContain(itemIds[0]);
    expect(byCompany.data.every((r) => r.agency.id === ids.agencyB)).toBe(true);
    expect(byCompany.meta.total).toBe(byCompany.data.length);
    // An associate's name is not an agency's: only titles and projects could match it.
    expect((await search('sam associate')).data).toEqual([]);
    expect((await search(String(itemIds[0]))).data.map((r) => r.id)).toContain(itemIds[0]);

    // 101 more agencies whose company name holds the words (the search inlines at most 100 ids).
    await t.db.execute(sql`insert into users (name, email, role, company_name)
      select 'Annex owner ' || g, 'bravo-annex-' || g || '@example.org', 'agency', 'Bravo Studio annex ' || g from generate_series(1, 101) g`);
    expect(await search('BRAVO stud')).toEqual(byCompany);
  });
});
