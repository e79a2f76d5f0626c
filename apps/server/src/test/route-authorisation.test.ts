import fs from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMessages, DOCX_MIME, invoiceMessages, messages, userMessages } from '@copydesk/shared';
import { makeDocx } from './docx.js';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { cardPayload, multipart, orderItem, placeOrder, signInRoleMatrix, type MatrixRole } from './helpers.js';

/**
 * Every route Fastify registered × eight callers, each with the answer its role and
 * tenant allow. The routes are collected through buildApp's `onRoute` option on the app the test builds, so a
 * new route without a row below fails "every registered route has a row".
 *
 * Records belong to agency A and its associate S (`associateA`): S's unpaid and paid orders, the
 * paid order's payment (invoice) and items, a delivered file, S's support thread. Another tenant
 * (agency B) gets 404 on them; D (`associateA2`, a second associate of A) gets 404 on S's orders,
 * payments and invoice links (orders are private to whoever placed them, README "Who sees what")
 * but reads S's items and threads, which are the agency's. Rows that change something either
 * change nothing that later rows read, or get fresh records per caller (`fresh`).
 */

/** Every route the app registers, as `METHOD /url` (HEAD twins left out), from buildApp's onRoute option. */
const registered: string[] = [];
const recordRoute = (route: RouteOptions) => {
  for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
};

type Actor = 'visitor' | 'admin' | 'agencyA' | 'associateA' | 'associateA2' | 'agencyB' | 'deactivated' | 'associateOfDeactivated';
type SignedIn = Extract<Actor, 'admin' | 'agencyA' | 'associateA' | 'associateA2' | 'agencyB'>;
const ACTORS: Actor[] = ['visitor', 'admin', 'agencyA', 'associateA', 'associateA2', 'agencyB', 'deactivated', 'associateOfDeactivated'];
const SIGNED_IN: SignedIn[] = ['admin', 'agencyA', 'associateA', 'associateA2', 'agencyB'];
const AS_MATRIX_ROLE: Record<Exclude<Actor, 'visitor'>, MatrixRole> = {
  admin: 'admin',
  agencyA: 'agencyA',
  associateA: 'associateA',
  associateA2: 'associateA2',
  agencyB: 'agencyB',
  deactivated: 'deactivated',
  associateOfDeactivated: 'associateOfDeactivated',
};

/** A status, or a status and the message it must carry. */
type Answer = number | readonly [number, string];
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Row {
  /** As Fastify registered it: `GET /api/order/getById/:id`. */
  route: string;
  url: (f: Fixtures, fresh: Fresh) => string;
  payload?: (f: Fixtures, who: Actor, fresh: Fresh) => unknown;
  /** Records made for each call, for rows whose allowed callers change what they touch. */
  fresh?: (who: Actor) => Promise<Fresh>;
  /** No authentication: every caller gets this answer (the token, if any, is sent and ignored). */
  open?: Answer;
  /** Signed-in callers that get past authorisation, and their answer; the others are refused. */
  allowed?: Partial<Record<SignedIn, Answer>>;
}

type Fresh = Record<string, number>;

interface Fixtures {
  ids: Record<MatrixRole, number>;
  /** S's unpaid order (its items are replaced when a row saves it again). */
  unpaidOrder: number;
  /** S's paid order, its payment, an item with a delivered file and one without. */
  paidOrder: number;
  payment: number;
  deliveredItem: number;
  waitingItem: number;
  /** The activity-log entry of the delivery (it holds the file). */
  deliveryLog: number;
  /** S's support thread about its paid order. */
  thread: number;
  coupon: number;
  product: number;
}

let t: TestApp;
let tok: Record<MatrixRole, string>;
let f: Fixtures;

const notFound = [404, messages.notFound] as const;
const paymentNotFound = [404, messages.paymentInfoNotFound] as const;
const all = (answer: Answer): Partial<Record<SignedIn, Answer>> => Object.fromEntries(SIGNED_IN.map((who) => [who, answer]));
/** Agency A's side of a record of S: admin, agency A and S itself; D as given; agency B 404. */
const tenantA = (ok: Answer, associateA2: Answer, notFoundAnswer: Answer = notFound) => ({
  admin: ok,
  agencyA: ok,
  associateA: ok,
  associateA2,
  agencyB: notFoundAnswer,
});
/** Customers (agency and associate) past authorisation: A's side as given, agency B 404. */
const customersOfA = (ok: Answer, associateA2: Answer = ok) => ({ agencyA: ok, associateA: ok, associateA2, agencyB: notFound });

function request(who: Actor, method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const auth = who === 'visitor' ? {} : bearer(tok[AS_MATRIX_ROLE[who]]);
  return t.app.inject({ method, url, headers: { ...auth, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** What a caller outside a route's allowed set gets. */
function refusal(who: Actor): Answer {
  if (who === 'visitor') return [401, messages.unauthenticated];
  if (who === 'deactivated') return [403, messages.accountDeactivated];
  if (who === 'associateOfDeactivated') return [403, userMessages.agencyDeactivated];
  return [403, messages.forbidden];
}

async function payFromWallet(who: MatrixRole, orderId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/order/pay',
    headers: bearer(tok[who]),
    payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
  });
  if (res.statusCode !== 200) throw new Error(`pay failed: ${res.body}`);
  return res.json().payment_id as number;
}

async function itemsOf(orderId: number) {
  const res = await t.app.inject({ method: 'GET', url: `/api/order/getById/${orderId}`, headers: bearer(tok.admin) });
  return (res.json().content as { id: number }[]).map((c) => c.id);
}

async function newApiKey() {
  const res = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: bearer(tok.agencyA), payload: { name: 'Matrix' } });
  if (res.statusCode !== 201) throw new Error(`API key failed: ${res.body}`);
  return res.json().id as number;
}

const WEBHOOK_URL = 'https://93.184.215.14/hook';

async function newWebhook() {
  const res = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: bearer(tok.agencyA), payload: { url: WEBHOOK_URL, events: ['order.paid'] } });
  if (res.statusCode !== 201) throw new Error(`webhook failed: ${res.body}`);
  return res.json().id as number;
}

/** Agency A's webhook the read, test and retry rows share, with one delivery (a test event). */
let sharedWebhook: Promise<{ hook: number; delivery: number }> | undefined;
function agencyAWebhook() {
  sharedWebhook ??= (async () => {
    const hook = await newWebhook();
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${hook}/test`, headers: bearer(tok.agencyA), payload: {} });
    const log = await t.app.inject({ method: 'GET', url: `/api/webhooks/${hook}/deliveries`, headers: bearer(tok.agencyA) });
    return { hook, delivery: (log.json().data as { id: number }[])[0]!.id };
  })();
  return sharedWebhook;
}

async function newCoupon(code: string) {
  const expiry = `${new Date().getUTCFullYear() + 1}-01-31`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/coupon',
    headers: bearer(tok.admin),
    payload: { coupon_code: code, type: 'percentage', amount: 10, user_id: '', expiry, limit: 100 },
  });
  if (res.statusCode !== 201) throw new Error(`coupon failed: ${res.body}`);
  return res.json().data.id as number;
}

let serial = 0;
const twoItems = () => [orderItem(), orderItem({ articleTitle: 'Second piece' })];

beforeAll(async () => {
  // Request logs cost time on ~750 calls and nothing here reads them.
  // The webhook worker stays idle: the rows' endpoints name a public address nothing should call.
  t = await createTestApp({ LOG_LEVEL: 'warn', WEBHOOK_INTERVAL_MS: '600000' }, { onRoute: recordRoute });
  const matrix = await signInRoleMatrix(t.app, t.db);
  tok = matrix.tok;

  const unpaidOrder = await placeOrder(t.app, tok.associateA, twoItems());
  const paidOrder = await placeOrder(t.app, tok.associateA, twoItems());
  const payment = await payFromWallet('associateA', paidOrder);
  const [deliveredItem, waitingItem] = await itemsOf(paidOrder);
  const assigned = await t.app.inject({ method: 'POST', url: `/api/content/${deliveredItem}/assign`, headers: bearer(tok.admin), payload: {} });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const file = multipart({}, { field: 'file', name: 'delivery.docx', type: DOCX_MIME, data: await makeDocx(['# Ten ways', 'Ship small changes often.']) });
  const delivered = await t.app.inject({
    method: 'POST',
    url: `/api/content/${deliveredItem}/documents`,
    headers: { ...bearer(tok.admin), ...file.headers },
    payload: file.payload,
  });
  expect(delivered.statusCode, delivered.body).toBe(200);
  const logs = await t.app.inject({ method: 'GET', url: `/api/content/getActivityLogs/${deliveredItem}?limit=100`, headers: bearer(tok.admin) });
  const deliveryLog = (logs.json().data as { id: number; filename: string | null }[]).find((l) => l.filename)!.id;
  const thread = await t.app.inject({
    method: 'POST',
    url: '/api/message',
    headers: bearer(tok.associateA),
    payload: { subject: 'About my order', message: 'When is it due?', order_id: paidOrder },
  });
  expect(thread.statusCode, thread.body).toBe(201);
  const products = await t.app.inject({ method: 'GET', url: '/api/miscellaneous/getProducts', headers: bearer(tok.admin) });

  f = {
    ids: matrix.ids,
    unpaidOrder,
    paidOrder,
    payment,
    deliveredItem: deliveredItem!,
    waitingItem: waitingItem!,
    deliveryLog,
    thread: thread.json().id,
    coupon: await newCoupon('AUTHZ10'),
    product: products.json().data[0].id,
  };
});
afterAll(() => t?.close());

/**
 * The matrix, one row per registered route. Rows run in this order; logout is last because it
 * ends the callers' sessions.
 */
const MATRIX: Row[] = [
  /* Documentation and health: open to everyone. */
  { route: 'GET /api/docs', url: () => '/api/docs', open: 200 },
  { route: 'GET /api/docs/static/index.html', url: () => '/api/docs/static/index.html', open: 302 },
  { route: 'GET /api/docs/static/swagger-initializer.js', url: () => '/api/docs/static/swagger-initializer.js', open: 200 },
  { route: 'GET /api/docs/json', url: () => '/api/docs/json', open: 200 },
  { route: 'GET /api/docs/yaml', url: () => '/api/docs/yaml', open: 200 },
  { route: 'GET /api/docs/static/*', url: () => '/api/docs/static/swagger-ui.css', open: 200 },
  { route: 'GET /api/health', url: () => '/api/health', open: 200 },
  { route: 'GET /api/health/ready', url: () => '/api/health/ready', open: 200 },
  { route: 'GET /api/payment-config', url: () => '/api/payment-config', open: 200 },
  { route: 'GET /api/dev/outbox', url: () => '/api/dev/outbox', open: 200 },

  /* Sign-in and account links: open; bad input is refused the same for everyone. */
  { route: 'POST /api/login', url: () => '/api/login', payload: () => ({}), open: 422 },
  { route: 'POST /api/forgot-password', url: () => '/api/forgot-password', payload: () => ({}), open: 422 },
  { route: 'POST /api/password/reset', url: () => '/api/password/reset', payload: () => ({}), open: 422 },
  { route: 'POST /api/password/set', url: () => '/api/password/set', payload: () => ({}), open: 422 },
  { route: 'POST /api/email/resendVerify', url: () => '/api/email/resendVerify', payload: () => ({}), open: 422 },
  { route: 'POST /api/email/checkverify', url: () => '/api/email/checkverify', payload: () => ({}), open: 422 },
  { route: 'GET /api/email/verify/:token', url: () => '/api/email/verify/not-a-real-token-0123456789', open: 302 },
  { route: 'GET /api/getuserbytoken/:token', url: () => '/api/getuserbytoken/not-a-real-token-0123456789', open: 401 },
  { route: 'GET /api/getGoogleLogin/:token', url: () => '/api/getGoogleLogin/not-a-real-token-0123456789', open: 401 },
  { route: 'GET /api/socialredirect', url: () => '/api/socialredirect', open: 302 },
  { route: 'GET /api/socialcallback', url: () => '/api/socialcallback', open: 302 },
  { route: 'GET /api/profile-pictures/:file', url: () => '/api/profile-pictures/AAAAAAAAAAAAAAAAAAAAAAAA.png', open: 404 },
  { route: 'GET /api/getCounties', url: () => '/api/getCounties', open: 200 },
  { route: 'GET /api/getStatesByCounties/:country', url: () => '/api/getStatesByCounties/US', open: 200 },
  { route: 'GET /api/getCitiesByStates/:state', url: () => '/api/getCitiesByStates/US-CA', open: 200 },
  // The signed link is the permission, not a bearer token.
  { route: 'GET /api/invoices/:file', url: () => `/api/invoices/${f.payment}.pdf`, open: [403, invoiceMessages.linkInvalid] },
  {
    // Without a token a visitor signs up; with one, an admin adds an agency and an agency an associate.
    route: 'POST /api/register',
    url: () => '/api/register',
    payload: () => ({ sign: {} }),
    allowed: { admin: 422, agencyA: 422, agencyB: 422 },
  },

  /* The signed-in user itself. */
  { route: 'GET /api/getInfo', url: () => '/api/getInfo', allowed: all(200) },
  // Whose sign-in link a signed-in browser opened: a link nobody holds is invalid for every caller with a session.
  {
    route: 'POST /api/sign-in-link/owner',
    url: () => '/api/sign-in-link/owner',
    payload: () => ({ token: 'not-a-real-token-0123456789' }),
    allowed: all([401, messages.invalidLoginLink]),
  },
  // Validation only: a real change would end the caller's other sessions.
  { route: 'POST /api/update/password', url: () => '/api/update/password', payload: () => ({}), allowed: all(422) },
  { route: 'POST /api/updateProfilePic', url: () => '/api/updateProfilePic', payload: () => ({}), allowed: all(422) },
  { route: 'POST /api/update/updateInfo', url: () => '/api/update/updateInfo', payload: () => ({}), allowed: { admin: 422, agencyA: 422, agencyB: 422 } },
  // The caller's own onboarding; a repeat changes nothing (users.test.ts covers whose flag moves).
  {
    route: 'POST /api/update/onboarding',
    url: () => '/api/update/onboarding',
    payload: () => ({ step: 'offer_banner_dismissed' }),
    allowed: all(200),
  },
  {
    route: 'POST /api/update/updateUserInfo',
    url: () => '/api/update/updateUserInfo',
    payload: () => ({ sign: { name: 'Sam Associate', userId: f.ids.associateA } }),
    allowed: tenantA(200, notFound),
  },
  { route: 'GET /api/getOfferStatus', url: () => '/api/getOfferStatus', allowed: all(200) },

  /* User Management. */
  { route: 'GET /api/user', url: () => '/api/user', allowed: { admin: 200, agencyA: 200, agencyB: 200 } },
  { route: 'GET /api/user/:id', url: () => `/api/user/${f.ids.associateA}`, allowed: { admin: 200, agencyA: 200, agencyB: notFound } },
  {
    route: 'POST /api/user/changeStatus',
    url: () => '/api/user/changeStatus',
    payload: () => ({ userid: f.ids.associateA, status: 1 }),
    allowed: { admin: 200, agencyA: 200, agencyB: notFound },
  },
  { route: 'GET /api/user/getuserbyrole/:role', url: () => '/api/user/getuserbyrole/agency', allowed: { admin: 200 } },
  { route: 'GET /api/dashboard/admin-stats', url: () => '/api/dashboard/admin-stats', allowed: { admin: 200 } },

  /* Catalogue. */
  { route: 'GET /api/miscellaneous/getProducts', url: () => '/api/miscellaneous/getProducts', allowed: all(200) },
  { route: 'GET /api/miscellaneous/getCategories', url: () => '/api/miscellaneous/getCategories', allowed: all(200) },
  { route: 'GET /api/product', url: () => '/api/product?name=Blog%20Post', allowed: all(200) },
  { route: 'GET /api/product/:id', url: () => `/api/product/${f.product}`, allowed: all(200) },
  { route: 'GET /api/productwordcount', url: () => '/api/productwordcount', allowed: all(200) },

  /* Orders. */
  { route: 'GET /api/order', url: () => '/api/order', allowed: all(200) },
  { route: 'GET /api/order/getCountBystatus/:status', url: () => '/api/order/getCountBystatus/all', allowed: all(200) },
  { route: 'GET /api/order/getById/:id', url: () => `/api/order/getById/${f.paidOrder}`, allowed: tenantA(200, notFound) },
  {
    // Re-saving S's unpaid order: S and its agency may, D and agency B do not find it.
    route: 'POST /api/order/create',
    url: () => '/api/order/create',
    payload: () => ({ articlesData: twoItems(), updateId: f.unpaidOrder }),
    allowed: customersOfA(200, notFound),
  },
  { route: 'GET /api/getItemsByUser', url: () => '/api/getItemsByUser', allowed: { agencyA: 200, associateA: 200, associateA2: 200, agencyB: 200 } },
  {
    route: 'GET /api/order/bulk/sample',
    url: () => '/api/order/bulk/sample?order_type=Blog%20Post',
    allowed: { agencyA: 200, associateA: 200, associateA2: 200, agencyB: 200 },
  },
  {
    route: 'POST /api/order/bulk',
    url: () => '/api/order/bulk',
    payload: () => ({}),
    allowed: { agencyA: 422, associateA: 422, associateA2: 422, agencyB: 422 },
  },
  {
    route: 'POST /api/order/bulk/preview',
    url: () => '/api/order/bulk/preview',
    payload: () => ({}),
    allowed: { agencyA: 422, associateA: 422, associateA2: 422, agencyB: 422 },
  },
  {
    route: 'DELETE /api/order/:id',
    fresh: async () => ({ order: await placeOrder(t.app, tok.associateA) }),
    url: (_, fresh) => `/api/order/${fresh.order}`,
    // Unpaid: its orderer's side deletes it too (docs/decisions/0034-customers-delete-unpaid-orders.md).
    allowed: { admin: 200, ...customersOfA(200, notFound) },
  },
  {
    route: 'POST /api/order/delete',
    fresh: async () => ({ order: await placeOrder(t.app, tok.associateA) }),
    url: () => '/api/order/delete',
    payload: (_, __, fresh) => ({ ids: [fresh.order] }),
    allowed: { admin: 200, ...customersOfA(200, notFound) },
  },
  {
    route: 'PATCH /api/content/:id',
    url: () => `/api/content/${f.waitingItem}`,
    payload: () => ({ wordCount: { word: '500 Words' }, keyword: 'speed', articleTitle: 'Ten ways to ship faster', description: 'A short brief.' }),
    allowed: { admin: 200 },
  },
  {
    route: 'DELETE /api/content/:id',
    fresh: async () => ({ item: (await itemsOf(await placeOrder(t.app, tok.associateA, twoItems())))[0]! }),
    url: (_, fresh) => `/api/content/${fresh.item}`,
    allowed: { admin: 200, ...customersOfA(200, notFound) },
  },

  /* Payment. An inactive agency's associate cannot pay from the wallet either. */
  {
    route: 'POST /api/order/pay',
    fresh: async () => ({ order: await placeOrder(t.app, tok.associateA) }),
    url: () => '/api/order/pay',
    payload: (_, __, fresh) => ({ paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: fresh.order } }),
    allowed: customersOfA(200, notFound),
  },
  {
    route: 'POST /api/billing/addBalance',
    url: () => '/api/billing/addBalance',
    payload: (fx, who) => ({
      paymentInfo:
        who === 'admin'
          ? { balanceByAdmin: true, agency: fx.ids.agencyA, balance: 1, description: 'Matrix credit' }
          : { ...cardPayload(), balance: 1, description: `Matrix top-up ${(serial += 1)}` },
    }),
    allowed: { admin: 200, agencyA: 200, associateA: 403, associateA2: 403, agencyB: 200 },
  },
  { route: 'GET /api/apply-coupon/:code', url: () => '/api/apply-coupon/AUTHZ10', allowed: { agencyA: 200, associateA: 200, associateA2: 200, agencyB: 200 } },
  {
    route: 'GET /api/notifyAgency',
    url: () => `/api/notifyAgency?order_id=${f.unpaidOrder}`,
    allowed: { associateA: 200, associateA2: notFound },
  },

  /* Billing: S's payment is S's and its agency's, not D's. */
  { route: 'GET /api/billing', url: () => '/api/billing', allowed: all(200) },
  // The spending chart's series: each caller's own billing history's scope.
  { route: 'GET /api/billing/spendingByMonth', url: () => '/api/billing/spendingByMonth', allowed: all(200) },
  { route: 'GET /api/billing/:id', url: () => `/api/billing/${f.payment}`, allowed: tenantA(200, paymentNotFound, paymentNotFound) },
  {
    route: 'GET /api/order/downloadinvoice/:id',
    url: () => `/api/order/downloadinvoice/${f.payment}`,
    allowed: tenantA(200, paymentNotFound, paymentNotFound),
  },
  { route: 'GET /api/order/downloadinvoice', url: () => '/api/order/downloadinvoice', allowed: all(paymentNotFound) },
  // An associate reads its own wallet or its agency's, not another associate's.
  { route: 'GET /api/billing/getAvailableBalance/:userId', url: () => `/api/billing/getAvailableBalance/${f.ids.associateA}`, allowed: tenantA(200, notFound) },
  { route: 'GET /api/billing/getSpending/:userId', url: () => `/api/billing/getSpending/${f.ids.associateA}`, allowed: tenantA(200, notFound) },
  {
    route: 'GET /api/user/getsavedcards/:userId',
    url: () => `/api/user/getsavedcards/${f.ids.agencyA}`,
    allowed: { admin: 200, agencyA: 200, associateA: 403, associateA2: 403, agencyB: notFound },
  },
  { route: 'GET /api/user/setup-intent', url: () => '/api/user/setup-intent', allowed: { agencyA: 200, agencyB: 200 } },

  /* Coupons (admin). */
  {
    route: 'POST /api/coupon',
    url: () => '/api/coupon',
    payload: () => ({
      coupon_code: `MATRIX${(serial += 1)}`,
      type: 'fixed',
      amount: 5,
      user_id: '',
      expiry: `${new Date().getUTCFullYear() + 1}-01-31`,
      limit: 1,
    }),
    allowed: { admin: 201 },
  },
  { route: 'GET /api/coupon', url: () => '/api/coupon', allowed: { admin: 200 } },
  { route: 'GET /api/coupon/:id', url: () => `/api/coupon/${f.coupon}`, allowed: { admin: 200 } },
  { route: 'PATCH /api/coupon/:id', url: () => `/api/coupon/${f.coupon}`, payload: () => ({ limit: 100 }), allowed: { admin: 200 } },
  {
    route: 'DELETE /api/coupon/:id',
    fresh: async () => ({ coupon: await newCoupon(`GONE${(serial += 1)}`) }),
    url: (_, fresh) => `/api/coupon/${fresh.coupon}`,
    allowed: { admin: 200 },
  },
  { route: 'GET /api/coupon-history', url: () => '/api/coupon-history', allowed: { admin: 200 } },

  /* Fulfilment (admins). */
  { route: 'GET /api/fulfilment', url: () => '/api/fulfilment', allowed: { admin: 200 } },
  { route: 'GET /api/fulfilment/agents', url: () => '/api/fulfilment/agents', allowed: { admin: 200 } },
  { route: 'POST /api/content/:id/assign', url: () => `/api/content/${f.waitingItem}/assign`, payload: () => ({}), allowed: { admin: 200 } },
  { route: 'POST /api/content/:id/documents', url: () => `/api/content/${f.waitingItem}/documents`, payload: () => ({}), allowed: { admin: 422 } },
  { route: 'POST /api/content/:id/documents/words', url: () => `/api/content/${f.waitingItem}/documents/words`, payload: () => ({}), allowed: { admin: 422 } },

  /* Delivered content: the agency's, so D reads S's items too (README "Delivery and review"). */
  { route: 'GET /api/content', url: () => '/api/content', allowed: all(200) },
  { route: 'GET /api/content/:id', url: () => `/api/content/${f.deliveredItem}`, allowed: tenantA(200, 200) },
  { route: 'GET /api/content/:id/preview', url: () => `/api/content/${f.deliveredItem}/preview`, allowed: tenantA(200, 200) },
  { route: 'GET /api/content/getStatusById/:id', url: () => `/api/content/getStatusById/${f.deliveredItem}`, allowed: tenantA(200, 200) },
  { route: 'GET /api/content/revisionCount/:id', url: () => `/api/content/revisionCount/${f.deliveredItem}`, allowed: tenantA(200, 200) },
  { route: 'GET /api/content/download/:id', url: () => `/api/content/download/${f.deliveredItem}`, allowed: tenantA(200, 200) },
  { route: 'GET /api/content/downloadActivity/:id', url: () => `/api/content/downloadActivity/${f.deliveryLog}`, allowed: tenantA(200, 200) },
  { route: 'GET /api/content/getActivityLogs/:id', url: () => `/api/content/getActivityLogs/${f.deliveredItem}`, allowed: tenantA(200, 200) },
  { route: 'GET /api/order/:id/export', url: () => `/api/order/${f.paidOrder}/export`, allowed: tenantA(200, 200) },
  {
    // Past authorisation and the tenant check, the item's state decides (it is not delivered).
    route: 'POST /api/content/approved/:id',
    url: () => `/api/content/approved/${f.waitingItem}`,
    payload: (fx) => ({ id: fx.waitingItem }),
    allowed: customersOfA([409, contentMessages.approveNotAllowed]),
  },
  {
    route: 'POST /api/content/revision/:id',
    url: () => `/api/content/revision/${f.waitingItem}`,
    payload: () => ({ reason: 'Grammar', detailedReason: 'Fix the typos in the intro.' }),
    allowed: customersOfA([409, contentMessages.revisionNotAllowed]),
  },

  /* Support inbox: an agency and its associates share their threads. */
  { route: 'GET /api/message', url: () => '/api/message', allowed: all(200) },
  { route: 'GET /api/message/unread', url: () => '/api/message/unread', allowed: all(200) },
  {
    route: 'POST /api/message',
    url: () => '/api/message',
    payload: (fx) => ({ subject: 'Matrix', message: 'About this order', order_id: fx.paidOrder }),
    allowed: tenantA(201, 201),
  },
  { route: 'GET /api/message/:id', url: () => `/api/message/${f.thread}`, allowed: tenantA(200, 200) },
  { route: 'POST /api/message/:id/reply', url: () => `/api/message/${f.thread}/reply`, payload: () => ({ message: 'Any news?' }), allowed: tenantA(201, 201) },

  /* API keys (docs/decisions/0043-api-keys-and-mcp.md): agencies and admins, each its own keys only. */
  { route: 'POST /api/api-keys', url: () => '/api/api-keys', payload: () => ({ name: 'Matrix key' }), allowed: { admin: 201, agencyA: 201, agencyB: 201 } },
  { route: 'GET /api/api-keys', url: () => '/api/api-keys', allowed: { admin: 200, agencyA: 200, agencyB: 200 } },
  {
    // Agency A's key: another account's (even an admin's) is unknown to it.
    route: 'DELETE /api/api-keys/:id',
    fresh: async () => ({ key: await newApiKey() }),
    url: (_, fresh) => `/api/api-keys/${fresh.key}`,
    allowed: { admin: 404, agencyA: 200, agencyB: 404 },
  },

  /* Webhooks (docs/decisions/0044-webhooks.md): agencies and admins, each its own endpoints only. */
  {
    route: 'POST /api/webhooks',
    url: () => '/api/webhooks',
    payload: () => ({ url: WEBHOOK_URL, events: ['order.paid'] }),
    allowed: { admin: 201, agencyA: 201, agencyB: 201 },
  },
  { route: 'GET /api/webhooks', url: () => '/api/webhooks', allowed: { admin: 200, agencyA: 200, agencyB: 200 } },
  {
    // Agency A's endpoint: a new one for A, which removes it; the shared one for the others.
    route: 'DELETE /api/webhooks/:id',
    fresh: async (who) => ({ hook: who === 'agencyA' ? await newWebhook() : (await agencyAWebhook()).hook }),
    url: (_, fresh) => `/api/webhooks/${fresh.hook}`,
    allowed: { admin: 404, agencyA: 200, agencyB: 404 },
  },
  {
    route: 'GET /api/webhooks/:id/deliveries',
    fresh: agencyAWebhook,
    url: (_, fresh) => `/api/webhooks/${fresh.hook}/deliveries`,
    allowed: { admin: 404, agencyA: 200, agencyB: 404 },
  },
  {
    route: 'POST /api/webhooks/:id/deliveries/:deliveryId/retry',
    fresh: agencyAWebhook,
    url: (_, fresh) => `/api/webhooks/${fresh.hook}/deliveries/${fresh.delivery}/retry`,
    payload: () => ({}),
    allowed: { admin: 404, agencyA: 202, agencyB: 404 },
  },
  {
    route: 'POST /api/webhooks/:id/test',
    fresh: agencyAWebhook,
    url: (_, fresh) => `/api/webhooks/${fresh.hook}/test`,
    payload: () => ({}),
    allowed: { admin: 404, agencyA: 202, agencyB: 404 },
  },

  /* Last: it ends each caller's session. */
  { route: 'POST /api/logout', url: () => '/api/logout', allowed: all(200) },
];

const expected = (row: Row, who: Actor): Answer => {
  if (row.open !== undefined) return row.open;
  if (who === 'visitor' && row.route === 'POST /api/register') return 422;
  return (who !== 'visitor' && who in (row.allowed ?? {}) ? row.allowed![who as SignedIn] : undefined) ?? refusal(who);
};

/** The answer in the shape of the expectation: the status, with the message when one is expected. */
const shape = (answer: Answer, res: { statusCode: number; body: string }): Answer => {
  if (typeof answer === 'number') return res.statusCode;
  let message: unknown;
  try {
    message = JSON.parse(res.body).message;
  } catch {
    message = res.body.slice(0, 80);
  }
  return [res.statusCode, String(message)];
};

describe("associates do not see each other's orders, payments or invoices", () => {
  const ids = async (who: MatrixRole) => ((await request(who as Actor, 'GET', '/api/billing?limit=100')).json().data as { id: number }[]).map((p) => p.id);

  it("lists S's payment to S and its agency, not to D; D's own payment to D and the agency, not to S", async () => {
    const ownOrder = await placeOrder(t.app, tok.associateA2);
    const ownPayment = await payFromWallet('associateA2', ownOrder);
    const [s, d, agency] = [await ids('associateA'), await ids('associateA2'), await ids('agencyA')];
    expect(s).toContain(f.payment);
    expect(s).not.toContain(ownPayment);
    expect(d).toContain(ownPayment);
    expect(d).not.toContain(f.payment);
    expect(agency).toEqual(expect.arrayContaining([f.payment, ownPayment]));
    const detail = await request('associateA', 'GET', `/api/billing/${ownPayment}`);
    expect([detail.statusCode, detail.json().message]).toEqual([404, messages.paymentInfoNotFound]);
    const link = await request('associateA', 'GET', `/api/order/downloadinvoice/${ownPayment}`);
    expect([link.statusCode, link.json().message]).toEqual([404, messages.paymentInfoNotFound]);
    expect((await request('agencyA', 'GET', `/api/order/downloadinvoice/${ownPayment}`)).statusCode).toBe(200);
  });

  it("keeps a refund of S's order in S's history, out of D's", async () => {
    const order = await placeOrder(t.app, tok.associateA);
    await payFromWallet('associateA', order);
    const removed = await request('admin', 'DELETE', `/api/order/${order}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const refunds = async (who: MatrixRole) =>
      ((await request(who as Actor, 'GET', '/api/billing?limit=100')).json().data as { type: string; order_id: number | null }[]).filter(
        (p) => p.type === 'refund' && p.order_id === order,
      ).length;
    expect(await refunds('associateA')).toBe(1);
    expect(await refunds('agencyA')).toBe(1);
    expect(await refunds('associateA2')).toBe(0);
  });
});

describe('every registered route × every caller', () => {
  it('has exactly one row per registered route, and no row without a route', () => {
    const api = registered.filter((r) => r.split(' ')[1]!.startsWith('/api'));
    const rows = MATRIX.map((r) => r.route);
    expect(new Set(rows).size, 'duplicate rows').toBe(rows.length);
    expect(
      api.filter((r) => !rows.includes(r)),
      'registered routes without a row in MATRIX',
    ).toEqual([]);
    expect(
      rows.filter((r) => !api.includes(r)),
      'rows for routes that are not registered',
    ).toEqual([]);
  });

  it.each(MATRIX.map((row) => [row.route, row] as const))('%s', async (_, row) => {
    const method = row.route.split(' ')[0] as Method;
    const got: Partial<Record<Actor, Answer>> = {};
    const want: Partial<Record<Actor, Answer>> = {};
    for (const who of ACTORS) {
      const fresh = row.fresh ? await row.fresh(who) : {};
      const answer = expected(row, who);
      const res = await request(who, method, row.url(f, fresh), row.payload?.(f, who, fresh));
      want[who] = answer;
      got[who] = shape(answer, res);
    }
    expect(got).toEqual(want);
  });

  // Outside /api there are two routes: the built web app's files (`GET /*`, none when it is not
  // built), open, with no authentication hook, so the hashed assets are asked by a visitor only; and
  // the Prometheus metrics (`GET /metrics`, plugins/metrics.ts), which answer only METRICS_TOKEN and
  // are 404 while it is unset, as here: no session opens them. The MCP endpoint (`/mcp`,
  // modules/mcp) opens to an API key only (modules/mcp/mcp.test.ts): no caller here has one.
  it('serves the web app files to every caller, the metrics to none, and the MCP endpoint to no session', async () => {
    const outside = registered.filter((r) => !r.split(' ')[1]!.startsWith('/api'));
    const dist = t.app.config.webDistDir;
    const built = fs.existsSync(path.join(dist, 'index.html'));
    const mcp = ['DELETE /mcp', 'GET /mcp', 'POST /mcp'];
    expect(outside.sort()).toEqual((built ? ['GET /*', 'GET /metrics', ...mcp] : ['GET /metrics', ...mcp]).sort());
    for (const who of ACTORS) expect((await request(who, 'GET', '/metrics')).statusCode, who).toBe(404);
    for (const who of ACTORS)
      for (const method of ['GET', 'POST', 'DELETE'] as const)
        expect((await request(who, method, '/mcp', method === 'POST' ? {} : undefined)).statusCode, `${method} /mcp as ${who}`).toBe(401);
    const files = built
      ? fs
          .readdirSync(dist, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
          .map((entry) => '/' + path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      : [];
    const wrong: string[] = [];
    for (const url of files) {
      for (const who of url.startsWith('/assets/') ? (['visitor'] as const) : ACTORS) {
        const res = await request(who, 'GET', url);
        if (res.statusCode !== 200) wrong.push(`GET ${url} as ${who}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
