import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX_MIME } from '@copydesk/shared';
import { offerCredits } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { makeDocx } from '../../test/docx.js';
import { multipart, orderItem, placeOrder, signInTenants, type Tenant } from '../../test/helpers.js';

/**
 * What the review screen reads from the server (docs/decisions/0040-review-screen.md): the word
 * count of a chosen file before it is delivered, the automatic approval date from the server's own
 * rule, the preview of an older version for the changes, and the next item waiting after an approval.
 */

let t: TestApp;
let tok: Record<Tenant, string>;
let ids: Record<Tenant, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInTenants(t.app, t.db));
  await t.db.insert(offerCredits).values({ agencyId: ids.agencyA, amountCents: 0 }).onConflictDoNothing();
  const res = await call('admin', 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: ids.agencyA, balance: 5000, description: 'Test credit' },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t?.close());

function call(who: Tenant | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...(who ? bearer(tok[who]) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function paidItems(titles: string[], who: Tenant = 'agencyA') {
  const orderId = await placeOrder(
    t.app,
    tok[who],
    titles.map((articleTitle) => orderItem({ articleTitle })),
  );
  const paid = await call(who, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
  expect(paid.statusCode, paid.body).toBe(200);
  const detail = (await call(who, 'GET', `/api/order/getById/${orderId}`)).json();
  return (detail.content as { id: number }[]).map((c) => c.id);
}

function send(path: 'documents' | 'documents/words', who: Tenant, itemId: number, data: Buffer) {
  const body = multipart({}, { field: 'file', name: 'delivery.docx', type: DOCX_MIME, data });
  return call(who, 'POST', `/api/content/${itemId}/${path}`, body.payload, body.headers);
}

async function deliver(itemId: number, paragraphs: string[]) {
  if ((await call('admin', 'GET', `/api/content/getStatusById/${itemId}`)).json().status !== 'In Progress') {
    const taken = await call('admin', 'POST', `/api/content/${itemId}/assign`, {});
    expect(taken.statusCode, taken.body).toBe(200);
  }
  const res = await send('documents', 'admin', itemId, await makeDocx(paragraphs));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document as { id: number; version: number };
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('the word count before delivery', () => {
  it("counts a chosen file's words against the order, flags a short one, and stores nothing", async () => {
    const [item] = await paidItems(['Counted']);
    await call('admin', 'POST', `/api/content/${item}/assign`, {});
    // The order is for 500 words (orderItem's tier).
    const short = await send('documents/words', 'admin', item!, await makeDocx([words(87)]));
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json()).toEqual({ word_count: 87, requested_word_count: 500, short: true });
    const enough = await send('documents/words', 'admin', item!, await makeDocx([words(480)]));
    expect(enough.json()).toEqual({ word_count: 480, requested_word_count: 500, short: false });

    const detail = (await call('admin', 'GET', `/api/content/${item}`)).json().data;
    expect(detail.documents).toEqual([]);
    expect(detail.status).toBe('In Progress');
  });

  it('is for the fulfilment team only, and answers a file that is no Word document with a field error', async () => {
    const [item] = await paidItems(['Not yours to count']);
    expect((await send('documents/words', 'agencyA', item!, await makeDocx([words(10)]))).statusCode).toBe(403);
    const bad = await send('documents/words', 'admin', item!, Buffer.from('not a zip'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'content.only_docx', errors: { file: [expect.any(String)] } });
    expect((await send('documents/words', 'admin', 2_000_000_000, await makeDocx([words(10)]))).statusCode).toBe(404);
  });
});

describe('the automatic approval date', () => {
  it("is the delivery time plus the server's period while the item waits for review, and gone after", async () => {
    const [item] = await paidItems(['Dated']);
    expect((await call('agencyA', 'GET', `/api/content/${item}`)).json().data.auto_approve_at).toBeNull();
    await deliver(item!, ['Delivered text.']);
    const detail = (await call('agencyA', 'GET', `/api/content/${item}`)).json().data;
    const delivered = new Date(detail.fileupload_time).getTime();
    expect(new Date(detail.auto_approve_at).getTime()).toBe(delivered + t.ctx.config.autoApproveDays * 86_400_000);
    expect((await call('agencyA', 'POST', `/api/content/approved/${item}`, {})).statusCode).toBe(200);
    expect((await call('agencyA', 'GET', `/api/content/${item}`)).json().data.auto_approve_at).toBeNull();
  });
});

describe('the preview of an older version', () => {
  it('answers the version asked for, only among the same item’s documents', async () => {
    const [item, other] = await paidItems(['Versioned', 'Other']);
    const first = await deliver(item!, ['The first draft says hello.']);
    const revised = await call('agencyA', 'POST', `/api/content/revision/${item}`, { reason: 'Grammar', detailedReason: 'Say goodbye.' });
    expect(revised.statusCode, revised.body).toBe(200);
    await deliver(item!, ['The second draft says goodbye.']);
    const otherDoc = await deliver(other!, ['Another item.']);

    const latest = await call('agencyA', 'GET', `/api/content/${item}/preview`, undefined, { 'accept-encoding': 'identity' });
    expect(latest.json().html).toContain('goodbye');
    const older = await call('agencyA', 'GET', `/api/content/${item}/preview?document=${first.id}`, undefined, { 'accept-encoding': 'identity' });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json().html).toContain('hello');
    expect(older.headers.etag).not.toBe(latest.headers.etag);
    const foreign = await call('agencyA', 'GET', `/api/content/${item}/preview?document=${otherDoc.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('content.document_not_found');
    expect((await call('agencyB', 'GET', `/api/content/${item}/preview?document=${first.id}`)).statusCode).toBe(404);
  });
});

describe('after an approval', () => {
  it('names the next item of the order waiting for review, after this one first, then none', async () => {
    const [a, b, c, d] = await paidItems(['One', 'Two', 'Three', 'Four']);
    for (const item of [a!, b!, c!]) await deliver(item, [`Text of ${item}.`]);
    // d is not delivered: it does not wait for review.
    const approve = async (item: number) => {
      const res = await call('agencyA', 'POST', `/api/content/approved/${item}`, {});
      expect(res.statusCode, res.body).toBe(200);
      return res.json().next_review_id;
    };
    expect(await approve(b!)).toBe(c);
    expect(await approve(c!)).toBe(a);
    expect(await approve(a!)).toBeNull();
    expect(d).toBeDefined();
  });
});
