import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, messages, signInMessages } from '@copydesk/shared';
import { accessTokens, orders, users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { hashToken } from '../../lib/tokens.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, fundedAgency, orderItem, placeOrder, signInTenants, uniqueEmail, type Tenant } from '../../test/helpers.js';
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
const payWallet = (token: string, orderId: number) =>
  call(token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });

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
      'getSignInLinkOwner',
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

/**
 * A signed-in browser that opens an emailed sign-in link asks whose it is before spending it
 * (docs/decisions/0032-sign-in-links-return-paths-remember-me.md): its own goes to the payment page
 * with the link unspent; another account's is named by its masked email; a stranger without a
 * session learns nothing.
 */
describe('POST /api/sign-in-link/owner', () => {
  const owner = (token: string | null, link: string) =>
    t.app.inject({ method: 'POST', url: '/api/sign-in-link/owner', headers: token ? bearer(token) : {}, payload: { token: link } });

  it('answers the owner its own link with the order, and leaves the link unspent', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const link = await createLoginLink(t.db, ids.agencyA, orderId);
    const res = await owner(tok.agencyA, link);
    expect([res.statusCode, res.json()], res.body).toEqual([200, { own: true, order_id: orderId, owner: null }]);
    // Asked twice, still unspent: the exchange works afterwards.
    expect((await owner(tok.agencyA, link)).statusCode).toBe(200);
    await redeem(link);
    // Spent, it is still the owner's: the owner goes to the payment page all the same.
    expect((await owner(tok.agencyA, link)).json()).toEqual({ own: true, order_id: orderId, owner: null });
  });

  it("names another account's link by its masked email only: associate, admin and another agency", async () => {
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const link = await createLoginLink(t.db, ids.agencyA, orderId);
    for (const who of ['associateA', 'admin', 'agencyB'] as const) {
      const res = await owner(tok[who], link);
      expect([res.statusCode, res.json()], `${who}: ${res.body}`).toEqual([200, { own: false, order_id: orderId, owner: 'ag•••@example.com' }]);
      expect(res.body).not.toContain('agency@example.com');
    }
    // Nobody's question spent it.
    await redeem(link);
  });

  it('refuses a caller without a session: 401, the link unspent', async () => {
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const link = await createLoginLink(t.db, ids.agencyA, orderId);
    const res = await owner(null, link);
    expect([res.statusCode, res.json().code]).toEqual([401, 'auth.unauthenticated']);
    await redeem(link);
  });

  it("answers another account's spent, unknown or malformed link as the exchange would: 401 invalid link", async () => {
    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const link = await createLoginLink(t.db, ids.agencyA, orderId);
    await redeem(link);
    for (const [what, value] of [
      ['spent', link],
      ['unknown', 'x'.repeat(43)],
      ['malformed', 'not a token!'],
    ] as const) {
      const res = await owner(tok.associateA, value);
      expect([res.statusCode, res.json().code, res.json().message], what).toEqual([401, 'auth.login_link_invalid', messages.invalidLoginLink]);
    }
    const empty = await owner(tok.associateA, '');
    expect([empty.statusCode, empty.json().code]).toEqual([422, 'validation.failed']);
  });

  it("counts a sign-in link's session as the owner only for its own order", async () => {
    const first = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const second = await placeOrder(t.app, tok.agencyA, [orderItem()]);
    const firstLink = await createLoginLink(t.db, ids.agencyA, first);
    const session = await redeem(firstLink);
    // The same link opened again in the browser its session lives in: straight to the payment page.
    expect((await owner(session, firstLink)).json()).toEqual({ own: true, order_id: first, owner: null });
    const secondLink = await createLoginLink(t.db, ids.agencyA, second);
    const other = await owner(session, secondLink);
    expect([other.statusCode, other.json()], other.body).toEqual([200, { own: false, order_id: second, owner: 'ag•••@example.com' }]);
  });
});

describe('a deactivated associate at sign-in', () => {
  it('is told to ask its agency; an agency keeps the support message', async () => {
    const email = uniqueEmail('switched-off');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: bearer(tok.agencyA),
      payload: { sign: { name: 'Switched Off', email, contact_number: '+12015550123', role_designation: 'Writer', userId: ids.agencyA } },
    });
    expect(added.statusCode, added.body).toBe(201);
    const [row] = await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('switched-off-pass'), emailVerifiedAt: new Date() })
      .where(eq(users.email, email))
      .returning({ id: users.id });
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, row!.id));

    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'switched-off-pass' } });
    expect([login.statusCode, login.json()]).toEqual([403, { code: 'auth.associate_deactivated', message: signInMessages.associateDeactivated }]);
    expect(signInMessages.associateDeactivated).toMatch(/agency/);

    const agency = await createVerifiedAgency(t.app);
    await t.db.update(users).set({ status: 0 }).where(eq(users.email, agency.email));
    const agencyLogin = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: agency.email, password: agency.password } });
    expect([agencyLogin.statusCode, agencyLogin.json().message]).toEqual([403, messages.accountDeactivated]);
  });
});
