import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages } from '@copydesk/shared';
import { accessTokens, orders } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { fundedAgency, orderItem, placeOrder, signInTenants, uniqueEmail, type Tenant } from '../../test/helpers.js';
import { createLoginLink, LINK_SESSION_TTL_MS } from './auth.service.js';

/**
 * An emailed sign-in link opens a session that may only pay, or look at, the order it names, for an
 * hour at most; anything else answers 403 and asks for a normal sign-in. Deactivation retires the
 * links not used yet, for good (lib/access.ts, migration 0019, docs/decisions/0013-sessions-in-the-database.md).
 */
let t: TestApp;
let tok: Record<Tenant, string>;
let ids: Record<Tenant, number>;
beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInTenants(t.app, t.db));
});
afterAll(() => t?.close());

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  payload === undefined ? t.app.inject({ method, url, headers: bearer(token) }) : t.app.inject({ method, url, headers: bearer(token), payload });
const payWallet = (token: string, orderId: number) => call(token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', order_id: orderId } });

/** Redeems a link as the sign-in page does; answers the session's bearer token. */
async function redeem(link: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/getuserbytoken/${link}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const expectLinkOnly = (res: { statusCode: number; json(): { code: string; message: string } }, what: string) =>
  expect([res.statusCode, res.json().code, res.json().message], what).toEqual([403, 'auth.link_session_only', messages.linkSessionOnly]);

describe('the session of an emailed sign-in link', () => {
  it('pays its own order, and shows what the payment page and the frame ask for', async () => {
    const { token: agency, id } = await fundedAgency(t.app, t.db, tok.admin, 100);
    const orderId = await placeOrder(t.app, agency, [orderItem()]);
    const session = await redeem(await createLoginLink(t.db, id, orderId));

    for (const url of [
      '/api/getInfo',
      `/api/order/getById/${orderId}`,
      `/api/billing/getAvailableBalance/${id}`,
      `/api/user/getsavedcards/${id}`,
      '/api/message/unread',
      '/api/getOfferStatus',
    ]) {
      const res = await call(session, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const paid = await payWallet(session, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    const paymentId = (await t.db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, orderId)))[0]!.paymentId!;
    // The confirmation's invoice is that payment's.
    expect((await call(session, 'GET', `/api/order/downloadinvoice/${paymentId}`)).statusCode).toBe(200);
    expect((await call(session, 'POST', '/api/logout')).statusCode).toBe(200);
    expect((await call(session, 'GET', '/api/getInfo')).statusCode).toBe(401);
  });

  it('refuses another order of the same agency: neither shown nor paid, nor its invoice', async () => {
    const { token: agency, id } = await fundedAgency(t.app, t.db, tok.admin, 100);
    const own = await placeOrder(t.app, agency, [orderItem()]);
    const other = await placeOrder(t.app, agency, [orderItem()]);
    const paidOther = await payWallet(agency, other);
    expect(paidOther.statusCode, paidOther.body).toBe(200);
    const third = await placeOrder(t.app, agency, [orderItem()]);
    const session = await redeem(await createLoginLink(t.db, id, own));

    expectLinkOnly(await call(session, 'GET', `/api/order/getById/${other}`), 'another order');
    expectLinkOnly(await payWallet(session, third), 'paying another order');
    expect((await t.db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, third)))[0]!.paidAt).toBeNull();
    const otherPayment = (await t.db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, other)))[0]!.paymentId!;
    expectLinkOnly(await call(session, 'GET', `/api/order/downloadinvoice/${otherPayment}`), "another order's invoice");
    // Another user's wallet, even one the agency may see with a full session.
    expectLinkOnly(await call(session, 'GET', `/api/billing/getAvailableBalance/${ids.agencyA}`), 'another wallet');
    // The full session of the same agency still reaches all of it.
    expect((await call(agency, 'GET', `/api/order/getById/${other}`)).statusCode).toBe(200);
  });

  it('refuses everything else with a message asking for a normal sign-in: the users list, adding an associate, the order list, top-ups', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const session = await redeem(await createLoginLink(t.db, ids.agencyA, orderId));

    expectLinkOnly(await call(session, 'GET', '/api/user'), 'users list');
    const email = uniqueEmail('link-associate');
    expectLinkOnly(await call(session, 'POST', '/api/register', { sign: { name: 'Link Associate', email } }), 'adding an associate');
    expectLinkOnly(await call(session, 'GET', '/api/order'), 'order list');
    expectLinkOnly(await call(session, 'GET', '/api/billing'), 'billing history');
    expectLinkOnly(await call(session, 'POST', '/api/billing/addBalance', { paymentInfo: { payment_type: 'SavedCard', balance: 10 } }), 'top-up');
    expectLinkOnly(await call(session, 'POST', '/api/update/password', { password: 'x'.repeat(12), password_confirmation: 'x'.repeat(12) }), 'password');
    expect((await call(tok.agencyA, 'GET', `/api/user?search=${encodeURIComponent(email)}`)).json().data ?? []).toEqual([]);
    // The full session of the agency is not affected.
    expect((await call(tok.agencyA, 'GET', '/api/user')).statusCode).toBe(200);
  });

  it('answers 403 to every signed-in call of the endpoint table but those of the payment page and the frame', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const session = await redeem(await createLoginLink(t.db, ids.agencyA, orderId));
    const open = [
      'getInfo',
      'logout',
      'getUnreadCount',
      'getOfferStatus',
      'applyCoupon',
      'getOrder',
      'payOrder',
      'getAvailableBalance',
      'listSavedCards',
      'getInvoiceLink',
    ];
    let refused = 0;
    for (const [name, endpoint] of Object.entries(endpoints)) {
      if (endpoint.access === 'public' || open.includes(name)) continue;
      const url = `/api${endpoint.path.replace(/:\w+/g, '1')}`;
      const res =
        endpoint.method === 'GET'
          ? await call(session, 'GET', url)
          : await t.app.inject({ method: endpoint.method, url, headers: bearer(session), payload: {} });
      expectLinkOnly(res, `${name}: ${endpoint.method} ${url}`);
      refused += 1;
    }
    expect(refused).toBeGreaterThan(50);
  });

  it('lasts an hour at most: after it, the holder is signed out', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const session = await redeem(await createLoginLink(t.db, ids.agencyA, orderId));
    const [row] = await t.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(session)));
    expect(row!.orderId).toBe(orderId);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(LINK_SESSION_TTL_MS + 5_000);
    expect(LINK_SESSION_TTL_MS).toBeLessThanOrEqual(60 * 60 * 1000);
    expect((await call(session, 'GET', `/api/order/getById/${orderId}`)).statusCode).toBe(200);

    // An hour passes: the session's times move back by an hour, as the clock moving on would see them.
    await t.db
      .update(accessTokens)
      .set({ createdAt: sql`${accessTokens.createdAt} - interval '1 hour'`, expiresAt: sql`${accessTokens.expiresAt} - interval '1 hour'` })
      .where(eq(accessTokens.id, row!.id));
    const after = await call(session, 'GET', `/api/order/getById/${orderId}`);
    expect([after.statusCode, after.json().code]).toEqual([401, 'auth.unauthenticated']);
  });

  it('does not come back after a deactivation and reactivation: the link sent before is refused', async () => {
    const { token: agency, id } = await fundedAgency(t.app, t.db, tok.admin, 100);
    const orderId = await placeOrder(t.app, agency, [orderItem()]);
    const link = await createLoginLink(t.db, id, orderId);

    const off = await call(tok.admin, 'POST', '/api/user/changeStatus', { status: 0, userid: id });
    expect(off.statusCode, off.body).toBe(200);
    const on = await call(tok.admin, 'POST', '/api/user/changeStatus', { status: 1, userid: id });
    expect(on.statusCode, on.body).toBe(200);

    const res = await t.app.inject({ method: 'GET', url: `/api/getuserbytoken/${link}` });
    expect([res.statusCode, res.json().message]).toEqual([401, messages.invalidLoginLink]);
    // A link minted after the reactivation works.
    await redeem(await createLoginLink(t.db, id, orderId));
  });
});
