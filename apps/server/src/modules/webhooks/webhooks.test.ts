import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { BULK_COLUMNS, DOCX_MIME, WEBHOOK_EVENTS, webhookMessages } from '@copydesk/shared';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { makeDocx } from '../../test/docx.js';
import { createVerifiedAgency, latestEmailTo, multipart, orderItem, placeOrder, signInTenants, userIdByEmail, type Tenant } from '../../test/helpers.js';
import { postgresOnly, onPostgres } from '../../test/postgres-only.js';
import { runAutoApproval } from '../content/auto-approve.js';
import { deliverDueWebhooks, DISABLE_AFTER_MS, RETRY_DELAYS_S, RETRY_JITTER } from './delivery.worker.js';
import type { Lookup } from './url-guard.js';
import { createWebhook } from './webhooks.service.js';

/**
 * Webhooks end to end (docs/decisions/0044-webhooks.md): the management calls and their role and
 * tenant matrix, the address policy at creation and at delivery, the outbox written with each change,
 * and the worker driven with a moved clock against receivers on loopback that verify every signature
 * with the standardwebhooks package. The app's own worker is kept out of the way (an interval of
 * 10 minutes), so only the passes these tests run deliver.
 */

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver on loopback: records every request and answers what `answer` says (null: never answers). */
async function receiver(answer: (path: string, count: number) => number | null = () => 204) {
  const received: Received[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      const status = answer(path, received.filter((r) => r.path === path).length);
      if (status === null) hanging.push(res);
      else res.writeHead(status, status >= 300 && status < 400 ? { location: '/landing' } : {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let t: TestApp;
let tok: Record<Tenant, string>;
let ids: Record<Tenant, number>;
let agencyBEmail: string;
let rx: Awaited<ReturnType<typeof receiver>>;

/** The schedule's clock: each test moves it forward from a day well after anything written. */
let clock = Date.now() + 24 * 60 * 60 * 1000;
const now = () => new Date(clock);
const later = (ms: number) => {
  clock += ms;
};

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: 'true', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_INTERVAL_MS: '600000' });
  let agencyB: { email: string };
  ({ tok, ids, agencyB } = await signInTenants(t.app, t.db));
  agencyBEmail = agencyB.email;
  rx = await receiver((path, count) => {
    if (path.startsWith('/flaky')) return count <= 2 ? 500 : 200;
    if (path.startsWith('/hold')) return count === 1 ? 503 : 200;
    if (path.startsWith('/down')) return 500;
    if (path.startsWith('/moved')) return 307;
    if (path.startsWith('/silent')) return null;
    return 204;
  });
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});

function call(token: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function addWebhook(token: string, url: string, events: string[] = ['*']) {
  const res = await call(token, 'POST', '/api/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; url: string; events: string[]; secret: string; created_at: string };
}

/** Runs worker passes at the clock's time until one attempts nothing. */
async function drain(ctx: AppContext = t.ctx, options: { lookup?: Lookup; timeoutMs?: number } = {}) {
  let total = 0;
  for (;;) {
    const { attempted } = await deliverDueWebhooks(ctx, { now, random: () => 0.5, ...options });
    if (attempted === 0) return total;
    total += attempted;
  }
}

async function deliveriesOf(token: string, webhookId: number) {
  const res = await call(token, 'GET', `/api/webhooks/${webhookId}/deliveries?limit=100&sort_order=asc`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      id: number;
      event: string;
      status: string;
      attempts: number;
      last_status_code: number | null;
      last_error: string | null;
      next_attempt_at: string | null;
    }[];
    meta: { total: number; current_page: number; per_page: number };
  };
}

/** Every request to `path`, its signature verified with the endpoint's secret; the parsed bodies. */
function verified(path: string, secret: string) {
  const hook = new Webhook(secret);
  return rx.at(path).map((r) => {
    hook.verify(r.body, r.headers);
    return { id: r.headers['webhook-id']!, ...(JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> }) };
  });
}

describe('webhook management', () => {
  it('adds, lists and removes endpoints for agencies and admins; associates 403, visitors 401, the secret shown once', async () => {
    const created = await addWebhook(tok.agencyA, rx.url('/matrix'), ['order.created', 'order.paid']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(created).toMatchObject({ url: rx.url('/matrix'), events: ['order.created', 'order.paid'] });

    const [stored] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(stored!.secretSealed).not.toContain(created.secret.slice(6));

    const list = await call(tok.agencyA, 'GET', '/api/webhooks');
    expect(list.statusCode).toBe(200);
    const mine = list.json().data.find((w: { id: number }) => w.id === created.id);
    expect(mine).toEqual({ id: created.id, url: created.url, events: created.events, created_at: created.created_at, disabled_at: null });
    expect(JSON.stringify(list.json())).not.toContain('whsec_');

    const admin = await addWebhook(tok.admin, rx.url('/admin'), ['*']);
    expect((await call(tok.agencyB, 'GET', '/api/webhooks')).json().data.map((w: { id: number }) => w.id)).not.toContain(created.id);
    expect((await call(tok.admin, 'GET', '/api/webhooks')).json().data.map((w: { id: number }) => w.id)).toEqual([admin.id]);

    expect((await call(tok.associateA, 'POST', '/api/webhooks', { url: rx.url('/x'), events: ['*'] })).statusCode).toBe(403);
    expect((await call(tok.associateA, 'GET', '/api/webhooks')).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/webhooks', { url: rx.url('/x'), events: ['*'] })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/webhooks')).statusCode).toBe(401);

    // Another account's endpoint is not found, whatever the call.
    for (const [method, url] of [
      ['DELETE', `/api/webhooks/${created.id}`],
      ['GET', `/api/webhooks/${created.id}/deliveries`],
      ['POST', `/api/webhooks/${created.id}/deliveries/1/retry`],
      ['POST', `/api/webhooks/${created.id}/test`],
    ] as const) {
      for (const token of [tok.agencyB, tok.admin]) {
        const res = await call(token, method, url, method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('webhook.not_found');
      }
      expect((await call(tok.associateA, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    }

    const removed = await call(tok.agencyA, 'DELETE', `/api/webhooks/${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: webhookMessages.deleted });
    expect((await call(tok.agencyA, 'DELETE', `/api/webhooks/${created.id}`)).statusCode).toBe(404);
    expect((await call(tok.admin, 'DELETE', `/api/webhooks/${admin.id}`)).statusCode).toBe(200);
  });

  it('answers 422 on the field for bad events, a refused address and one endpoint too many', async () => {
    for (const events of [[], ['order.shipped'], ['*', 'order.paid'], 'order.paid']) {
      const res = await call(tok.agencyB, 'POST', '/api/webhooks', { url: rx.url('/v'), events });
      expect(res.statusCode, JSON.stringify(events)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['events']);
    }
    const unknown = await call(tok.agencyB, 'POST', '/api/webhooks', { url: rx.url('/v'), events: ['order.shipped'] });
    expect(unknown.json().errors.events).toEqual([webhookMessages.eventsUnknown(['order.shipped'])]);

    // Address literals: the check resolves names, and tests do not depend on the machine's DNS.
    for (const url of ['ftp://example.com/', 'not a url', 'http://93.184.215.14/hook']) {
      const res = await call(tok.agencyB, 'POST', '/api/webhooks', { url, events: ['*'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.url, url).toHaveLength(1);
    }
    const http = await call(tok.agencyB, 'POST', '/api/webhooks', { url: 'http://93.184.215.14/hook', events: ['*'] });
    expect(http.json()).toMatchObject({ code: 'webhook.url_http_loopback_only', errors: { url: [webhookMessages.urlHttpLoopbackOnly] } });

    // Without the flags (production's defaults): http and every internal address are refused.
    const strict = { ...t.ctx, config: { ...t.ctx.config, webhooks: { ...t.ctx.config.webhooks, allowHttp: false, allowPrivate: false } } };
    const actor = { id: ids.agencyB, role: 'agency' as const, agencyId: null };
    const refusal = (url: string) =>
      createWebhook(strict, actor, { url, events: ['*'] }).then(
        () => null,
        (err: AppError) => ({ code: err.code, field: Object.keys(err.errors ?? {}) }),
      );
    expect(await refusal(rx.url('/v'))).toEqual({ code: 'webhook.url_not_https', field: ['url'] });
    for (const url of ['https://127.0.0.1/', 'https://10.0.0.1/', 'https://169.254.169.254/', 'https://[fe80::1]/', 'https://localhost/']) {
      expect(await refusal(url), url).toEqual({ code: 'webhook.url_private_address', field: ['url'] });
    }
    const rebinding: Lookup = async () => [{ address: '192.168.1.20', family: 4 }];
    await expect(createWebhook(strict, actor, { url: 'https://hooks.example.com/', events: ['*'] }, { lookup: rebinding })).rejects.toMatchObject({
      code: 'webhook.url_private_address',
    });
    // With WEBHOOK_ALLOW_HTTP alone, loopback is still internal.
    const httpOnly = { ...strict, config: { ...strict.config, webhooks: { ...strict.config.webhooks, allowHttp: true } } };
    await expect(createWebhook(httpOnly, actor, { url: rx.url('/v'), events: ['*'] })).rejects.toMatchObject({ code: 'webhook.url_private_address' });

    // The limit per account.
    const limited = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, limited.email, limited.password);
    for (let i = 0; i < t.ctx.config.webhooks.endpointsPerAccount; i++) await addWebhook(token, rx.url(`/limit/${i}`), ['order.paid']);
    const over = await call(token, 'POST', '/api/webhooks', { url: rx.url('/limit/over'), events: ['order.paid'] });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ code: 'webhook.too_many', errors: { url: [webhookMessages.tooMany(t.ctx.config.webhooks.endpointsPerAccount)] } });
  });
});

describe('webhook delivery', () => {
  it('sends a whole journey: every subscribed event once, signed, in causal order per order, in the API shapes', async () => {
    const journey = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, journey.email, journey.password);
    const agencyId = await userIdByEmail(t.db, journey.email);
    const all = await addWebhook(token, rx.url('/journey/all'), ['*']);
    const some = await addWebhook(token, rx.url('/journey/some'), ['content.approved', 'order.completed']);
    await addWebhook(tok.agencyB, rx.url('/journey/other'), ['*']);

    const orderId = await placeOrder(t.app, token, [orderItem(), orderItem({ articleTitle: 'Second piece' })]);
    const placed = (await call(token, 'GET', `/api/order/getById/${orderId}`)).json();
    const totalDollars = placed.total as number;
    const [first, second] = (placed.content as { id: number }[]).map((c) => c.id);
    // Enough to pay, with the balance left below the low-balance threshold (WEBHOOK_LOW_BALANCE_CENTS, $50).
    const credit = Math.max(50, totalDollars + 10);
    const credited = await call(tok.admin, 'POST', '/api/billing/addBalance', {
      paymentInfo: { balanceByAdmin: true, agency: agencyId, balance: credit, description: 'Journey credit' },
    });
    expect(credited.statusCode, credited.body).toBe(200);
    await drain();
    const paid = await call(token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
    expect(paid.statusCode, paid.body).toBe(200);

    const deliver = async (itemId: number) => {
      expect((await call(tok.admin, 'POST', `/api/content/${itemId}/assign`, {})).statusCode).toBe(200);
      const body = multipart({}, { field: 'file', name: 'delivery.docx', type: DOCX_MIME, data: await makeDocx(['# A title', 'Some words to read.']) });
      const res = await call(tok.admin, 'POST', `/api/content/${itemId}/documents`, body.payload, body.headers);
      expect(res.statusCode, res.body).toBe(200);
    };
    await deliver(first!);
    await drain();
    const revised = await call(token, 'POST', `/api/content/revision/${first}`, {
      reason: 'Grammar',
      detailedReason: 'Fix the typos in the intro.',
      linkagent_id: 1,
    });
    expect(revised.statusCode, revised.body).toBe(200);
    await deliver(first!);
    const refunded = await call(tok.admin, 'DELETE', `/api/content/${second}`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const approved = await call(token, 'POST', `/api/content/approved/${first}`, { id: first });
    expect(approved.statusCode, approved.body).toBe(200);
    await drain();
    await drain(); // nothing left: a second pass sends nothing again

    const events = verified('/journey/all', all.secret);
    const ofOrder = events.filter((e) => e.type !== 'wallet.low_balance');
    expect(ofOrder.map((e) => e.type)).toEqual([
      'order.created',
      'order.paid',
      'content.delivered',
      'content.revision_requested',
      'content.delivered',
      'refund.created',
      'content.approved',
      'order.completed',
    ]);
    expect(events.filter((e) => e.type === 'wallet.low_balance')).toHaveLength(1);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);

    // The API's own shapes: the order as GET /order/getById answers it, the item as its `content` lists it.
    const byType = (type: string) => ofOrder.filter((e) => e.type === type);
    expect(byType('order.created')[0]!.data).toMatchObject({
      order: { id: orderId, unpaid: true, status: 'UNPAID' },
      content: [{ id: first }, { id: second }],
    });
    expect(byType('order.paid')[0]!.data).toMatchObject({ order: { id: orderId, unpaid: false } });
    expect(byType('content.delivered')[0]!.data).toMatchObject({ id: first, order_id: orderId, status: 'Pending Review' });
    expect(byType('content.revision_requested')[0]!.data).toMatchObject({ id: first, status: 'Revision Requested' });
    expect(byType('content.approved')[0]!.data).toMatchObject({ id: first, status: 'Approved' });
    expect(byType('order.completed')[0]!.data).toMatchObject({ order: { id: orderId, status: 'COMPLETED' } });
    expect(byType('refund.created')[0]!.data).toMatchObject({ order_id: orderId, item_id: second });
    expect(events.find((e) => e.type === 'wallet.low_balance')!.data).toMatchObject({ threshold: 50, order_id: orderId });
    const final = (await call(token, 'GET', `/api/order/getById/${orderId}`)).json();
    expect(byType('order.completed')[0]!.data).toEqual({
      order: final.order,
      content: final.content,
      total: final.total,
      orderBreakDown: final.orderBreakDown,
    });

    expect(verified('/journey/some', some.secret).map((e) => e.type)).toEqual(['content.approved', 'order.completed']);
    expect(rx.at('/journey/other')).toHaveLength(0);
    const log = await deliveriesOf(token, all.id);
    expect(log.meta.total).toBe(events.length);
    expect(log.data.every((d) => d.status === 'succeeded' && d.attempts === 1 && d.last_status_code === 204 && d.next_attempt_at === null)).toBe(true);
  }, 120_000);

  it('writes order.created for a bulk import when it is shown, and content.approved with order.completed for the automatic approval', async () => {
    const bulk = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, bulk.email, bulk.password);
    const hook = await addWebhook(token, rx.url('/jobs'), ['order.created', 'content.approved', 'order.completed']);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Orders');
    ws.addRow([...BULK_COLUMNS]);
    const row: Record<string, string> = {
      orderType: 'Blog Post',
      category: 'Technology',
      itemTitle: 'Ten ways to ship faster',
      projectName: 'Acme blog',
      aboutCompany: 'We make rockets',
      targetAudience: 'Engineers',
      wordCount: '500 Words',
      purpose: 'Informative',
      writingTone: 'Casual',
      publishingMedium: 'Own Website',
      keywords: 'a;b;c;d',
      websiteLink: 'https://acme.example.com',
    };
    ws.addRow(BULK_COLUMNS.map((key) => row[key] ?? null));
    const sheet = multipart(
      { order_type: 'Blog Post' },
      {
        field: 'file',
        name: 'orders.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        data: Buffer.from(await wb.xlsx.writeBuffer()),
      },
    );
    const imported = await call(token, 'POST', '/api/order/bulk', sheet.payload, sheet.headers);
    expect(imported.statusCode, imported.body).toBe(200);
    const orderId = imported.json().order.id as number;
    const credit = await call(tok.admin, 'POST', '/api/billing/addBalance', {
      paymentInfo: { balanceByAdmin: true, agency: await userIdByEmail(t.db, bulk.email), balance: 5000, description: 'Credit' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect((await call(token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } })).statusCode).toBe(
      200,
    );
    const [itemId] = (await call(token, 'GET', `/api/order/getById/${orderId}`)).json().content.map((c: { id: number }) => c.id) as number[];
    expect((await call(tok.admin, 'POST', `/api/content/${itemId}/assign`, {})).statusCode).toBe(200);
    const doc = multipart({}, { field: 'file', name: 'delivery.docx', type: DOCX_MIME, data: await makeDocx(['# A title', 'Some words to read.']) });
    expect((await call(tok.admin, 'POST', `/api/content/${itemId}/documents`, doc.payload, doc.headers)).statusCode).toBe(200);
    const { approved } = await runAutoApproval(t.ctx, { now: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000) });
    expect(approved).toBeGreaterThanOrEqual(1);
    await drain();
    const got = verified('/jobs', hook.secret);
    expect(got.map((e) => e.type)).toEqual(['order.created', 'content.approved', 'order.completed']);
    expect(got[0]!.data).toMatchObject({ order: { id: orderId, no_of_content: 1 }, content: [{ id: itemId, title: 'Ten ways to ship faster' }] });
    expect(got[1]!.data).toMatchObject({ id: itemId, status: 'Approved' });
  }, 120_000);

  it("sends an associate's order to its agency's endpoints, and to no other agency's", async () => {
    const mine = await addWebhook(tok.agencyA, rx.url('/tenancy/a'), ['order.created']);
    const theirs = await addWebhook(tok.agencyB, rx.url('/tenancy/b'), ['*']);
    const adminHook = await addWebhook(tok.admin, rx.url('/tenancy/admin'), ['*']);
    const orderId = await placeOrder(t.app, tok.associateA);
    await drain();
    const got = verified('/tenancy/a', mine.secret);
    expect(got.map((e) => [e.type, (e.data as { order: { id: number; user_id: number } }).order.id])).toEqual([['order.created', orderId]]);
    expect((got[0]!.data as { order: { user_id: number } }).order.user_id).toBe(ids.associateA);
    expect(rx.at('/tenancy/b')).toHaveLength(0);
    expect(rx.at('/tenancy/admin')).toHaveLength(0);
    for (const [token, id] of [
      [tok.agencyA, mine.id],
      [tok.agencyB, theirs.id],
      [tok.admin, adminHook.id],
    ] as const)
      await call(token, 'DELETE', `/api/webhooks/${id}`);
  });

  it('writes no event when the change is refused: a wallet payment short of balance writes no order.paid', async () => {
    const poor = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, poor.email, poor.password);
    const agencyId = await userIdByEmail(t.db, poor.email);
    await addWebhook(token, rx.url('/refused'), ['*']);
    const orderId = await placeOrder(t.app, token);
    const refused = await call(token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
    expect(refused.statusCode).toBe(422);
    const written = await t.db.select({ type: webhookEvents.type }).from(webhookEvents).where(eq(webhookEvents.ownerId, agencyId));
    expect(written.map((e) => e.type)).toEqual(['order.created']);
  });

  it("holds an order's later events for an endpoint until its earlier one is settled; other orders are not held", async () => {
    const held = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, held.email, held.password);
    const hook = await addWebhook(token, rx.url('/hold'), ['order.created', 'order.paid']);
    const first = await placeOrder(t.app, token);
    const credit = await call(tok.admin, 'POST', '/api/billing/addBalance', {
      paymentInfo: { balanceByAdmin: true, agency: await userIdByEmail(t.db, held.email), balance: 5000, description: 'Credit' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    const paid = await call(token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: first } });
    expect(paid.statusCode, paid.body).toBe(200);
    const second = await placeOrder(t.app, token);
    // order.created of the first order fails (503); its order.paid waits; the second order goes on.
    await drain();
    const orderOf = (e: { data: Record<string, unknown> }) => (e.data as { order: { id: number } }).order.id;
    expect(verified('/hold', hook.secret).map((e) => [e.type, orderOf(e)])).toEqual([
      ['order.created', first],
      ['order.created', second],
    ]);
    later(RETRY_DELAYS_S[0] * 1000 * (1 + RETRY_JITTER));
    await drain();
    expect(verified('/hold', hook.secret).map((e) => [e.type, orderOf(e)])).toEqual([
      ['order.created', first],
      ['order.created', second],
      ['order.created', first],
      ['order.paid', first],
    ]);
  });

  it('retries with back-off: 500, 500, then 200 succeeds on the third attempt; the log and retry call follow', async () => {
    const hook = await addWebhook(tok.agencyB, rx.url('/flaky'), ['order.paid']);
    const test = await call(tok.agencyB, 'POST', `/api/webhooks/${hook.id}/test`, {});
    expect(test.statusCode).toBe(202);
    expect(test.json()).toEqual({ message: webhookMessages.testQueued });
    await drain();
    let [delivery] = (await deliveriesOf(tok.agencyB, hook.id)).data;
    expect(delivery).toMatchObject({
      event: 'webhook.test',
      status: 'pending',
      attempts: 1,
      last_status_code: 500,
      last_error: webhookMessages.deliveryStatus(500),
    });
    // Jitter 0.5 is no jitter: the next attempt is the schedule's first delay after this one.
    expect(new Date(delivery!.next_attempt_at!).getTime()).toBe(clock + RETRY_DELAYS_S[0] * 1000);
    expect(await drain()).toBe(0); // not due yet
    later(RETRY_DELAYS_S[0] * 1000);
    await drain();
    later(RETRY_DELAYS_S[1] * 1000);
    await drain();
    [delivery] = (await deliveriesOf(tok.agencyB, hook.id)).data;
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 200, last_error: null, next_attempt_at: null });
    const sent = verified('/flaky', hook.secret);
    expect(sent.map((e) => e.type)).toEqual(['webhook.test', 'webhook.test', 'webhook.test']);
    expect(new Set(sent.map((e) => e.id)).size).toBe(1); // one message, retried: the same webhook-id

    // A retry asked for sends it again now, and another's delivery is not found.
    const retried = await call(tok.agencyB, 'POST', `/api/webhooks/${hook.id}/deliveries/${delivery!.id}/retry`, {});
    expect(retried.statusCode).toBe(202);
    expect((await call(tok.agencyB, 'POST', `/api/webhooks/${hook.id}/deliveries/${delivery!.id + 100000}/retry`, {})).json().code).toBe(
      'webhook.delivery_not_found',
    );
    await drain();
    expect(rx.at('/flaky')).toHaveLength(4);
    expect((await deliveriesOf(tok.agencyB, hook.id)).data[0]).toMatchObject({ status: 'succeeded', attempts: 4 });
    // A delivery a worker holds is left to that worker: the retry asked for is the attempt under way.
    await t.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: null, lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect((await call(tok.agencyB, 'POST', `/api/webhooks/${hook.id}/deliveries/${delivery!.id}/retry`, {})).statusCode).toBe(202);
    const [held] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id));
    expect(held).toMatchObject({ nextAttemptAt: null, scheduleStart: 3 });
    await call(tok.agencyB, 'DELETE', `/api/webhooks/${hook.id}`);
  });

  it('fails a delivery nobody answers after the whole schedule; five days of failures disable the endpoint and email its owner', async () => {
    const silent = await addWebhook(tok.agencyB, rx.url('/silent'), ['order.paid']);
    await call(tok.agencyB, 'POST', `/api/webhooks/${silent.id}/test`, {});
    for (let attempt = 1; attempt <= RETRY_DELAYS_S.length + 1; attempt++) {
      expect(await drain(t.ctx, { timeoutMs: 200 }), `attempt ${attempt}`).toBe(1);
      const [delivery] = (await deliveriesOf(tok.agencyB, silent.id)).data;
      expect(delivery!.attempts).toBe(attempt);
      if (attempt <= RETRY_DELAYS_S.length) {
        expect(delivery!.status).toBe('pending');
        later(RETRY_DELAYS_S[attempt - 1]! * 1000 * (1 + RETRY_JITTER));
      } else
        expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null, last_status_code: null, last_error: webhookMessages.deliveryTimeout(0.2) });
    }
    expect(rx.at('/silent')).toHaveLength(RETRY_DELAYS_S.length + 1);
    // The schedule is shorter than five days: still enabled.
    expect((await call(tok.agencyB, 'GET', '/api/webhooks')).json().data.find((w: { id: number }) => w.id === silent.id).disabled_at).toBeNull();

    const down = await addWebhook(tok.agencyB, rx.url('/down'), ['order.paid']);
    await call(tok.agencyB, 'POST', `/api/webhooks/${down.id}/test`, {});
    await drain();
    later(DISABLE_AFTER_MS - 60_000);
    await call(tok.agencyB, 'POST', `/api/webhooks/${down.id}/test`, {});
    await drain();
    expect((await call(tok.agencyB, 'GET', '/api/webhooks')).json().data.find((w: { id: number }) => w.id === down.id).disabled_at).toBeNull();
    later(120_000);
    await call(tok.agencyB, 'POST', `/api/webhooks/${down.id}/test`, {});
    await drain();
    const listed = (await call(tok.agencyB, 'GET', '/api/webhooks')).json().data.find((w: { id: number }) => w.id === down.id);
    expect(listed.disabled_at).toBe(new Date(clock).toISOString());
    const failed = (await deliveriesOf(tok.agencyB, down.id)).data;
    expect(failed.every((d) => d.status === 'failed')).toBe(true);
    // Each delivery still waiting to be sent again ends with the reason it never will be.
    expect(failed.every((d) => d.last_error === webhookMessages.deliveryEndpointDisabled)).toBe(true);
    const email = await latestEmailTo(t.app, agencyBEmail);
    expect(email?.subject).toBe(webhookMessages.disabledSubject);
    expect(email?.text).toContain(rx.url('/down'));
    // A disabled endpoint gets no new events until its owner tries it again.
    const before = rx.at('/down').length;
    await placeOrder(t.app, tok.agencyB);
    await drain();
    expect(rx.at('/down')).toHaveLength(before);
    for (const id of [silent.id, down.id]) await call(tok.agencyB, 'DELETE', `/api/webhooks/${id}`);
  });

  it('checks the address again at delivery: a refused one fails without a connection; a passed one is connected to as checked', async () => {
    const hook = await addWebhook(tok.agencyB, `http://hooks.example.test:${rx.port}/pinned`, ['order.paid']).catch(() => null);
    // hooks.example.test does not resolve: adding it is refused, so it is written the way an address
    // that resolved to loopback at creation would have been, and DNS is the injected lookup from here on.
    expect(hook).toBeNull();
    const agencyB = { id: ids.agencyB, role: 'agency' as const, agencyId: null };
    const toLoopback: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const created = await createWebhook(t.ctx, agencyB, { url: `http://hooks.example.test:${rx.port}/pinned`, events: ['order.paid'] }, { lookup: toLoopback });
    await call(tok.agencyB, 'POST', `/api/webhooks/${created.id}/test`, {});
    // Allowed, and the name resolves (here) to loopback: the request goes to the checked address.
    await drain(t.ctx, { lookup: toLoopback });
    expect(verified('/pinned', created.secret)).toHaveLength(1);

    // The same endpoint once the name resolves to a private address, and private addresses are not allowed.
    const strict = { ...t.ctx, config: { ...t.ctx.config, webhooks: { ...t.ctx.config.webhooks, allowPrivate: false } } };
    await call(tok.agencyB, 'POST', `/api/webhooks/${created.id}/test`, {});
    await drain(strict, { lookup: async () => [{ address: '10.20.30.40', family: 4 }] });
    // And once a local one, with the flag off again.
    later(RETRY_DELAYS_S[0] * 1000 * 2);
    await drain(strict, { lookup: toLoopback });
    expect(rx.at('/pinned')).toHaveLength(1);
    const [, refused] = (await deliveriesOf(tok.agencyB, created.id)).data;
    expect(refused).toMatchObject({ status: 'pending', attempts: 2, last_status_code: null, last_error: webhookMessages.urlPrivateAddress });
    await call(tok.agencyB, 'DELETE', `/api/webhooks/${created.id}`);
  });

  it('follows no redirect: a 307 is a failed attempt, and the address it names is never called', async () => {
    const hook = await addWebhook(tok.agencyB, rx.url('/moved'), ['order.paid']);
    await call(tok.agencyB, 'POST', `/api/webhooks/${hook.id}/test`, {});
    await drain();
    expect(rx.at('/moved')).toHaveLength(1);
    expect(rx.at('/landing')).toHaveLength(0);
    expect((await deliveriesOf(tok.agencyB, hook.id)).data[0]).toMatchObject({
      status: 'pending',
      last_status_code: 307,
      last_error: webhookMessages.deliveryStatus(307),
    });
    await call(tok.agencyB, 'DELETE', `/api/webhooks/${hook.id}`);
  });

  it('hands its claims back when the app is closing: nothing sent, due again at once for another instance', async () => {
    const hook = await addWebhook(tok.agencyB, rx.url('/closing'), ['order.paid']);
    await call(tok.agencyB, 'POST', `/api/webhooks/${hook.id}/test`, {});
    expect(await deliverDueWebhooks(t.ctx, { now, stopping: () => true })).toEqual({ attempted: 0, succeeded: 0 });
    expect(rx.at('/closing')).toHaveLength(0);
    // Claimed once (the attempt counter moved), and not held: the next pass sends it at the same instant.
    expect(await deliverDueWebhooks(t.ctx, { now })).toEqual({ attempted: 1, succeeded: 1 });
    expect(verified('/closing', hook.secret)).toHaveLength(1);
    await call(tok.agencyB, 'DELETE', `/api/webhooks/${hook.id}`);
  });

  it.skipIf(!onPostgres)(postgresOnly('two workers never deliver the same delivery twice'), async () => {
    const hooks = await Promise.all([1, 2, 3].map((n) => addWebhook(tok.agencyB, rx.url(`/race/${n}`), ['order.paid'])));
    for (let i = 0; i < 10; i++) for (const hook of hooks) await call(tok.agencyB, 'POST', `/api/webhooks/${hook.id}/test`, {});
    const worker = async () => {
      let attempted = 0;
      for (;;) {
        const pass = await deliverDueWebhooks(t.ctx, { now, batch: 3 });
        if (pass.attempted === 0) return attempted;
        attempted += pass.attempted;
      }
    };
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a + b).toBe(30);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const ids = hooks.flatMap((hook) => rx.at(`/race/${hooks.indexOf(hook) + 1}`).map((r) => r.headers['webhook-id']));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const left = await t.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.endpointId, hooks[0]!.id)));
    expect(left).toHaveLength(0);
  });

  it('lists every event name the contract offers', () => {
    expect(WEBHOOK_EVENTS).toHaveLength(8);
  });
});
