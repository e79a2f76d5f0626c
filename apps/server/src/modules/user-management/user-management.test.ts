import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, offerMessages, signInMessages, TEXT_MAX, userMessages } from '@copydesk/shared';
import { accessTokens, users } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { latestEmailTo, linkIn, orderItem, placeOrder, signInRoleMatrix, uniqueEmail, type MatrixRole } from '../../test/helpers.js';

/**
 * User Management (docs/decisions/0011-tenancy-and-roles.md): listing and reading users in scope,
 * adding agencies and associates, switching users on and off (with an inactive agency stopping its
 * associates), the operator's dashboard figures, and the one-time sign-in links of order emails —
 * as every role.
 */

let t: TestApp;
let tok: Record<MatrixRole, string>;
let ids: Record<MatrixRole, number>;
let deactivatedAgencyId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids, deactivatedAgencyId } = await signInRoleMatrix(t.app, t.db));
});
afterAll(() => t?.close());

type Who = MatrixRole | null;
const ALL: Who[] = ['admin', 'agencyA', 'associateA', 'agencyB', 'associateB', 'deactivated', 'associateOfDeactivated', null];

function call(who: Who | string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const token = who === null ? null : who in tok ? tok[who as MatrixRole] : who;
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** What each caller must get from a call only admins and agencies may make. */
function expectRefusedUnlessManager(who: Who, status: number, body: { message: string }) {
  if (who === null) return expect([status, body.message]).toEqual([401, messages.unauthenticated]);
  if (who === 'deactivated') return expect([status, body.message]).toEqual([403, messages.accountDeactivated]);
  if (who === 'associateOfDeactivated') return expect([status, body.message]).toEqual([403, userMessages.agencyDeactivated]);
  if (who === 'associateA' || who === 'associateB') return expect([status, body.message]).toEqual([403, messages.forbidden]);
  return expect(status).toBe(200);
}

/** Adds a user through POST /register as `who`; returns the response. */
function addUser(who: Who | string, sign: Record<string, unknown>) {
  return call(who, 'POST', '/api/register', { sign });
}

/** Follows the set-password email of a newly added user and signs in with the new password. */
async function setPasswordAndSignIn(email: string, password = 'brand new secret') {
  const mail = await latestEmailTo(t.app, email);
  expect(mail?.subject).toBe('Set your Copydesk password');
  const url = new URL(linkIn(mail!.text, /http\S+\/setpassword\/\S+/));
  expect(url.searchParams.get('email')).toBe(email);
  const token = url.pathname.split('/').pop()!;
  const set = await t.app.inject({ method: 'POST', url: '/api/password/set', payload: { email, token, password, password_confirmation: password } });
  expect(set.statusCode, set.body).toBe(200);
  expect(set.json().message).toBe(messages.passwordSaved);
  const again = await t.app.inject({ method: 'POST', url: '/api/password/set', payload: { email, token, password, password_confirmation: password } });
  expect(again.statusCode, 'the link works once').toBe(422);
  return loginAs(t.app, email, password);
}

describe('GET /api/user', () => {
  it.each(ALL)('answers %s as its role allows', async (who) => {
    const res = await call(who, 'GET', '/api/user');
    expectRefusedUnlessManager(who, res.statusCode, res.json());
  });

  it('shows an admin everyone, with group and the agency wallet as balance', async () => {
    const res = await call('admin', 'GET', '/api/user?limit=100&sort_column=id&sort_order=asc');
    const body = res.json();
    const seen = new Set(body.data.map((u: { id: number }) => u.id));
    for (const who of ['admin', 'agencyA', 'associateA', 'agencyB', 'associateB', 'deactivated'] as const) expect(seen.has(ids[who]), who).toBe(true);
    const byId = (id: number) => body.data.find((u: { id: number }) => u.id === id);
    expect(byId(ids.admin)).toMatchObject({ group: 'Admin', balance: null, roles: [{ name: 'admin' }], status: 1 });
    expect(byId(ids.agencyA)).toMatchObject({ group: 'Acme Media', balance: 500, roles: [{ name: 'agency' }], email: 'agency@example.com' });
    // An associate's balance is its agency's wallet, its group the agency
    // (docs/decisions/0011-tenancy-and-roles.md).
    expect(byId(ids.associateA)).toMatchObject({ group: 'Acme Media', balance: 500, roles: [{ name: 'associate' }] });
    expect(byId(ids.associateB)).toMatchObject({ group: 'Bravo Studio', balance: 0 });
    expect(byId(ids.deactivated)).toMatchObject({ status: 0 });
    expect(Object.keys(byId(ids.agencyA)).sort()).toEqual(
      ['balance', 'company_name', 'created_at', 'email', 'group', 'id', 'name', 'phoneNumber', 'role_designation', 'roles', 'status'].sort(),
    );
    expect(body.meta).toMatchObject({ from: 1, current_page: 1, per_page: 100, total: body.data.length });
    expect(res.body).not.toMatch(/password|argon2|token/i);
  });

  it("shows an agency itself and its associates, never another agency's people", async () => {
    const a = (await call('agencyA', 'GET', '/api/user?limit=100')).json();
    const aIds = a.data.map((u: { id: number }) => u.id);
    expect(aIds).toEqual(expect.arrayContaining([ids.agencyA, ids.associateA, ids.deactivated]));
    for (const other of [ids.admin, ids.agencyB, ids.associateB, deactivatedAgencyId]) expect(aIds).not.toContain(other);
    expect(a.meta.total).toBe(aIds.length);

    const b = (await call('agencyB', 'GET', '/api/user?limit=100')).json();
    expect(b.data.map((u: { id: number }) => u.id).sort()).toEqual([ids.agencyB, ids.associateB].sort());
  });

  it('searches name, email and company, sorts and pages', async () => {
    const byName = (await call('admin', 'GET', '/api/user?search=bea%20assoc')).json();
    expect(byName.data.map((u: { id: number }) => u.id)).toEqual([ids.associateB]);
    const byEmail = (await call('admin', 'GET', '/api/user?search=AGENCY@example.com')).json();
    expect(byEmail.data.map((u: { id: number }) => u.id)).toEqual([ids.agencyA]);
    const byCompany = (await call('admin', 'GET', '/api/user?search=Bravo')).json();
    expect(byCompany.data.map((u: { id: number }) => u.id)).toContain(ids.agencyB);
    // Search stays inside the caller's scope.
    expect((await call('agencyA', 'GET', '/api/user?search=Bravo')).json().data).toEqual([]);
    // LIKE wildcards are literal.
    expect((await call('admin', 'GET', '/api/user?search=%25')).json().data).toEqual([]);

    const asc = (await call('admin', 'GET', '/api/user?sort_column=email&sort_order=asc&limit=100')).json().data.map((u: { email: string }) => u.email);
    expect(asc).toEqual([...asc].sort());
    const byStatus = (await call('admin', 'GET', '/api/user?sort_column=status&sort_order=asc&limit=100')).json().data;
    expect(byStatus[0].status).toBe(0);

    const page2 = (await call('admin', 'GET', '/api/user?limit=2&page=2&sort_column=id&sort_order=asc')).json();
    expect(page2.data).toHaveLength(2);
    expect(page2.meta).toMatchObject({ from: 3, to: 4, current_page: 2, per_page: 2 });
    expect(page2.meta.last_page).toBe(Math.ceil(page2.meta.total / 2));
  });

  it('answers {count} with count=1 and every {id, name, email} in scope with showAll=1', async () => {
    const adminCount = (await call('admin', 'GET', '/api/user?count=1')).json();
    const total = (await call('admin', 'GET', '/api/user')).json().meta.total;
    expect(adminCount).toEqual({ count: total });
    expect((await call('agencyB', 'GET', '/api/user?count=1')).json()).toEqual({ count: 2 });

    const all = (await call('agencyB', 'GET', '/api/user?showAll=1')).json();
    expect(all).toEqual({
      data: expect.arrayContaining([
        { id: ids.agencyB, name: expect.any(String), email: expect.any(String) },
        { id: ids.associateB, name: 'Bea Associate', email: expect.any(String) },
      ]),
    });
    expect(all.data).toHaveLength(2);
    expect((await call('admin', 'GET', '/api/user?showAll=1')).json().data).toHaveLength(total);
    expect((await call('associateA', 'GET', '/api/user?showAll=1')).statusCode).toBe(403);
  });

  it.each([
    ['sort_column=password_hash', 'sort_column'],
    ['sort_order=sideways', 'sort_order'],
    ['limit=1000', 'limit'],
    ['page=abc', 'page'],
    ['count=maybe', 'count'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses ?%s with 422', async (query, key) => {
    const res = await call('admin', 'GET', `/api/user?${query}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(key);
  });
});

describe('GET /api/user/:id', () => {
  it('reads a user in scope and hides everyone else as 404', async () => {
    const own = await call('agencyA', 'GET', `/api/user/${ids.associateA}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: ids.associateA, group: 'Acme Media', balance: 500, roles: [{ name: 'associate' }] });
    expect((await call('agencyA', 'GET', `/api/user/${ids.agencyA}`)).statusCode).toBe(200);
    for (const other of [ids.associateB, ids.agencyB, ids.admin]) {
      const res = await call('agencyA', 'GET', `/api/user/${other}`);
      expect(res.statusCode, String(other)).toBe(404);
      expect(res.json().message).toBe(messages.notFound);
    }
    expect((await call('admin', 'GET', `/api/user/${ids.associateB}`)).json().data.group).toBe('Bravo Studio');
    expect((await call('admin', 'GET', '/api/user/2147483647')).statusCode).toBe(404);
  });

  it.each(ALL)('answers %s as its role allows', async (who) => {
    const res = await call(who, 'GET', `/api/user/${ids.associateB}`);
    if (who === 'agencyA') return expect(res.statusCode).toBe(404);
    expectRefusedUnlessManager(who, res.statusCode, res.json());
  });

  it.each(['abc', '0', '-3', '99999999999', '1.5'])('refuses the id %s without a 500', async (id) => {
    const res = await call('admin', 'GET', `/api/user/${id}`);
    expect([400, 404, 422]).toContain(res.statusCode);
  });
});

describe('POST /api/register with a bearer token (adding a user)', () => {
  it('lets an admin add an agency, who sets a password from the email and signs in', async () => {
    const email = uniqueEmail('new-agency');
    const res = await addUser('admin', {
      name: '  Nova Agency ',
      email: email.toUpperCase(),
      contact_number: '+447911123456',
      role_designation: 'Owner',
      company_name: 'Nova Words',
      userId: ids.admin,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: userMessages.agencyAdded,
      user: { name: 'Nova Agency', email, roles: [{ name: 'agency' }], company_name: 'Nova Words', agency_id: null },
    });
    // No password yet: signing in fails until the link is used.
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'brand new secret' } })).statusCode).toBe(422);
    const mail = await latestEmailTo(t.app, email);
    expect(mail!.text).toContain('Avery Admin added you to Copydesk');

    const token = await setPasswordAndSignIn(email);
    const info = (await call(token, 'GET', '/api/getInfo')).json().user;
    expect(info).toMatchObject({ email, roles: [{ name: 'agency' }], group: 'Nova Words' });
    expect(info.email_verified_at).not.toBeNull();
    // The new agency has an empty wallet and can add its own associate.
    expect((await call(token, 'GET', `/api/billing/getAvailableBalance/${info.id}`)).json().balance).toBe(0);
    const associateEmail = uniqueEmail('nova-associate');
    const added = await addUser(token, { name: 'Nia Writer', email: associateEmail, contact_number: '', role_designation: 'Editor', userId: info.id });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ message: userMessages.associateAdded, user: { roles: [{ name: 'associate' }], agency_id: info.id, group: null } });
    const associateToken = await setPasswordAndSignIn(associateEmail, 'associate secret');
    expect((await call(associateToken, 'GET', '/api/getInfo')).json().user).toMatchObject({ agency_id: info.id, group: 'Nova Words' });
    expect((await call(token, 'GET', '/api/user?count=1')).json()).toEqual({ count: 2 });
  });

  it("adds an agency's associate to that agency, whatever userId says", async () => {
    const email = uniqueEmail('acme-associate');
    const res = await addUser('agencyA', { name: 'Cass Copy', email, userId: ids.agencyB });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: 'associate', agencyId: ids.agencyA, passwordHash: null, emailVerifiedAt: null, status: 1 });
    expect((await call('agencyB', 'GET', `/api/user/${row!.id}`)).statusCode).toBe(404);
  });

  it.each(['associateA', 'associateB'] as const)('refuses %s with 403 and adds nobody', async (who) => {
    const email = uniqueEmail('nope');
    const res = await addUser(who, { name: 'Not Allowed', email });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it.each([
    ['deactivated', 403, messages.accountDeactivated],
    ['associateOfDeactivated', 403, userMessages.agencyDeactivated],
  ] as const)('refuses %s', async (who, status, message) => {
    const res = await addUser(who, { name: 'Not Allowed', email: uniqueEmail('nope') });
    expect([res.statusCode, res.json().message]).toEqual([status, message]);
  });

  it('refuses a bad or expired bearer token instead of signing up', async () => {
    const res = await addUser('not-a-real-token-at-all-0123456789', { name: 'X', email: uniqueEmail('x') });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ name: '', email: 'a@b.co' }, 'sign.name', userMessages.fullNameRequired],
    [{ name: '   ', email: 'a@b.co' }, 'sign.name', userMessages.fullNameRequired],
    [{ name: 'Ann', email: '' }, 'sign.email', userMessages.emailRequired],
    [{ name: 'Ann', email: 'not-an-email' }, 'sign.email', messages.emailNotCorrect],
    [{ name: 'Ann', email: 42 }, 'sign.email', messages.emailNotCorrect],
    [{ name: 'x'.repeat(300), email: 'a@b.co' }, 'sign.name', messages.fieldTooLong(TEXT_MAX)],
    [{ name: 'Ann', email: 'agency@example.com' }, 'sign.email', messages.emailTaken],
    [{ name: 'Ann', email: 'ann.phone@example.org', contact_number: '12' }, 'sign.contact_number', messages.phoneInvalid],
  ])('refuses %j with a field error', async (sign, key, message) => {
    const before = (await call('admin', 'GET', '/api/user?count=1')).json().count;
    const res = await addUser('agencyA', sign);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[key]).toEqual([message]);
    expect((await call('admin', 'GET', '/api/user?count=1')).json().count).toBe(before);
  });

  it('answers malformed bodies with 400 or 422, never 500', async () => {
    for (const payload of [{}, { sign: 'text' }, { sign: [] }, { sign: null }]) {
      const res = await call('agencyA', 'POST', '/api/register', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { ...bearer(tok.agencyA), 'content-type': 'application/json' },
      payload: '{"sign":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('still signs a visitor up as an agency without a token', async () => {
    const email = uniqueEmail('visitor');
    const res = await call(null, 'POST', '/api/register', {
      sign: {
        name: 'Vera Visitor',
        email,
        contact_number: '+447911123456',
        password: 'correct horse',
        confirmPassword: 'correct horse',
        termsandcondition: true,
        countryCode: 'GB',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(messages.signedUp);
    const missing = await call(null, 'POST', '/api/register', { sign: { name: 'Vera', email: uniqueEmail('v') } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(messages.requiredFields);
  });
});

describe('POST /api/user/changeStatus', () => {
  async function freshAssociate(agency: 'agencyA' | 'agencyB') {
    const email = uniqueEmail('switch');
    const res = await addUser(agency, { name: 'Switch Me', email });
    expect(res.statusCode, res.body).toBe(201);
    const token = await setPasswordAndSignIn(email, 'switch secret');
    return { id: res.json().user.id as number, email, token };
  }

  it('lets an agency deactivate its associate: the open session ends at once and sign-in is refused until reactivated', async () => {
    const associate = await freshAssociate('agencyA');
    expect((await call(associate.token, 'GET', '/api/getInfo')).statusCode).toBe(200);

    const off = await call('agencyA', 'POST', '/api/user/changeStatus', { status: 0, userid: associate.id });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ message: userMessages.deactivated });
    expect((await call(associate.token, 'GET', '/api/getInfo')).statusCode).toBe(401);
    expect(await t.db.select().from(accessTokens).where(eq(accessTokens.userId, associate.id))).toEqual([]);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: associate.email, password: 'switch secret' } });
    expect([login.statusCode, login.json().code, login.json().message]).toEqual([403, 'auth.associate_deactivated', signInMessages.associateDeactivated]);
    expect((await call('agencyA', 'GET', `/api/user/${associate.id}`)).json().data.status).toBe(0);

    const on = await call('agencyA', 'POST', '/api/user/changeStatus', { status: '1', userid: String(associate.id) });
    expect(on.json()).toEqual({ message: userMessages.activated });
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: associate.email, password: 'switch secret' } })).statusCode).toBe(200);
  });

  it("stops an inactive agency's associates on every call and at sign-in, until the agency is active again; nothing is deleted", async () => {
    const associate = await freshAssociate('agencyB');
    const off = await call('admin', 'POST', '/api/user/changeStatus', { status: 0, userid: ids.agencyB });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call('agencyB', 'GET', '/api/getInfo')).statusCode).toBe(401);
    for (const url of ['/api/getInfo', '/api/order', '/api/billing', `/api/billing/getAvailableBalance/${associate.id}`]) {
      const res = await call(associate.token, 'GET', url);
      expect([res.statusCode, res.json().message], url).toEqual([403, userMessages.agencyDeactivated]);
    }
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: associate.email, password: 'switch secret' } });
    expect([login.statusCode, login.json().message]).toEqual([403, userMessages.agencyDeactivated]);

    const on = await call('admin', 'POST', '/api/user/changeStatus', { status: 1, userid: ids.agencyB });
    expect(on.statusCode).toBe(200);
    expect((await call(associate.token, 'GET', '/api/getInfo')).statusCode).toBe(200);
    tok.agencyB = await loginAs(t.app, (await t.db.select().from(users).where(eq(users.id, ids.agencyB)))[0]!.email, 'correct horse');
    expect((await call('agencyB', 'GET', '/api/user?count=1')).json().count).toBe(3);
  });

  it('keeps each caller to the users it manages', async () => {
    const cases: [Who, number, number, string][] = [
      ['agencyA', ids.associateB, 404, messages.notFound],
      ['agencyA', ids.agencyB, 404, messages.notFound],
      ['agencyA', ids.admin, 404, messages.notFound],
      ['agencyA', ids.agencyA, 403, userMessages.notYourself],
      ['admin', ids.admin, 403, userMessages.notYourself],
      ['associateA', ids.associateA, 403, messages.forbidden],
      ['associateA', ids.deactivated, 403, messages.forbidden],
      ['deactivated', ids.associateA, 403, messages.accountDeactivated],
      ['associateOfDeactivated', ids.associateA, 403, userMessages.agencyDeactivated],
      [null, ids.associateA, 401, messages.unauthenticated],
      ['admin', 2_000_000_000, 404, messages.notFound],
    ];
    for (const [who, userid, status, message] of cases) {
      const res = await call(who, 'POST', '/api/user/changeStatus', { status: 0, userid });
      expect([res.statusCode, res.json().message], `${who} → ${userid}`).toEqual([status, message]);
    }
    const [admin2] = await t.db
      .insert(users)
      .values({ name: 'Second Admin', email: uniqueEmail('admin2'), role: 'admin' })
      .returning();
    const res = await call('admin', 'POST', '/api/user/changeStatus', { status: 0, userid: admin2!.id });
    expect([res.statusCode, res.json().message]).toEqual([403, userMessages.adminStatusLocked]);
    // Nobody above was switched off.
    const rows = await t.db.select({ id: users.id, status: users.status }).from(users);
    for (const id of [ids.associateB, ids.agencyB, ids.admin, ids.agencyA, ids.associateA, admin2!.id])
      expect(rows.find((r) => r.id === id)?.status, String(id)).toBe(1);
  });

  it.each([
    [{ status: 2, userid: 5 }, 'status'],
    [{ status: 'off', userid: 5 }, 'status'],
    [{ userid: 5 }, 'status'],
    [{ status: 0, userid: 'abc' }, 'userid'],
    [{ status: 0, userid: -1 }, 'userid'],
    [{ status: 0, userid: 1e12 }, 'userid'],
    [{ status: 0 }, 'userid'],
  ])('refuses %j with 422', async (payload, key) => {
    const res = await call('admin', 'POST', '/api/user/changeStatus', payload);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(key);
  });
});

describe('GET /api/dashboard/admin-stats', () => {
  it('gives admins agencies, open and overdue items and wallet balances held; nobody else', async () => {
    const before = (await call('admin', 'GET', '/api/dashboard/admin-stats')).json();
    expect(before).toEqual({
      agencies: expect.any(Number),
      active_agencies: expect.any(Number),
      open_items: expect.any(Number),
      overdue_items: expect.any(Number),
      wallet_balance: expect.any(Number),
      unassigned_items: expect.any(Number),
      unassigned: expect.any(Array),
    });
    const agencyRows = await t.db.select({ status: users.status }).from(users).where(eq(users.role, 'agency'));
    expect(before.agencies).toBe(agencyRows.length);
    expect(before.active_agencies).toBe(agencyRows.filter((r) => r.status === 1).length);

    const orderId = await placeOrder(t.app, tok.agencyA, [orderItem(), orderItem({ articleTitle: 'Another' })]);
    const paid = await call('agencyA', 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await call('admin', 'GET', '/api/dashboard/admin-stats')).json();
    expect(after.open_items).toBe(before.open_items + 2);
    // $56 paid from the wallet, plus the $100 offer credit if this payment earned it.
    const credit = paid.json().offer_message ? 100 : 0;
    expect(after.wallet_balance).toBeCloseTo(before.wallet_balance - 56 + credit, 2);

    // Items past their due date count as overdue.
    await t.db.execute(`update order_items set due_at = now() - interval '1 day' where order_id = ${orderId}`);
    expect((await call('admin', 'GET', '/api/dashboard/admin-stats')).json().overdue_items).toBe(before.overdue_items + 2);

    for (const who of ALL.filter((w) => w !== 'admin')) {
      const res = await call(who, 'GET', '/api/dashboard/admin-stats');
      expect(res.statusCode, String(who)).toBe(who === null ? 401 : 403);
    }
  });
});

describe('one-time sign-in links in order emails', () => {
  async function exchange(link: string) {
    const url = new URL(link);
    const token = url.searchParams.get('token')!;
    return t.app.inject({ method: 'GET', url: `/api/getuserbytoken/${token}` });
  }

  it('emails the agency when an associate saves an unpaid order, with a link that signs it in once and opens the payment page', async () => {
    const orderId = await placeOrder(t.app, tok.associateA, [orderItem(), orderItem({ articleTitle: 'Two' })]);
    const mail = await latestEmailTo(t.app, 'agency@example.com');
    expect(mail!.subject).toBe(`Order #${orderId} is waiting for payment`);
    expect(mail!.text).toContain(`Sam Associate placed order #${orderId} (2 items, $56.00 in total)`);
    const link = linkIn(mail!.text, /http\S+\/login\?token=[A-Za-z0-9_-]+&order_id=\d+/);
    expect(new URL(link).searchParams.get('order_id')).toBe(String(orderId));
    expect(mail!.html).toContain(`Pay order #${orderId}`);

    const first = await exchange(link);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user.id).toBe(ids.agencyA);
    expect((await call(first.json().token, 'GET', `/api/order/getById/${orderId}`)).statusCode).toBe(200);
    const second = await exchange(link);
    expect([second.statusCode, second.json().message]).toEqual([401, messages.invalidLoginLink]);
    // Only a hash of the token is stored.
    const token = new URL(link).searchParams.get('token')!;
    const dump = JSON.stringify(await t.db.execute(`select token_hash from one_time_tokens`));
    expect(dump).not.toContain(token);
  });

  it('names the shortfall when the wallet cannot cover the order, and sends nothing for orders an agency saves itself', async () => {
    // Agency B's wallet is empty, so any order is short.
    const orderId = await placeOrder(t.app, tok.associateB);
    const mail = await latestEmailTo(t.app, (await t.db.select().from(users).where(eq(users.id, ids.agencyB)))[0]!.email);
    expect(mail!.subject).toBe(`Order #${orderId} is waiting for payment`);
    expect(mail!.text).toContain('Your available balance is $0.00, $28.00 short of this order.');

    const count = async () => (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json().data.length;
    const before = await count();
    await placeOrder(t.app, tok.agencyA);
    expect(await count()).toBe(before);
  });

  it('puts a one-time sign-in link to the payment page in the Notify Agency email', async () => {
    const orderId = await placeOrder(t.app, tok.associateA);
    const res = await call('associateA', 'GET', `/api/notifyAgency?order_id=${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(offerMessages.agencyNotified);
    const mail = await latestEmailTo(t.app, 'agency@example.com');
    expect(mail!.subject).toBe(`Sam Associate needs more balance to pay order #${orderId}`);
    expect(mail!.text).toContain(`order #${orderId} of $28.00`);
    const link = linkIn(mail!.text, /http\S+\/login\?token=[A-Za-z0-9_-]+&order_id=\d+/);
    expect(new URL(link).searchParams.get('order_id')).toBe(String(orderId));
    const signedIn = await exchange(link);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(ids.agencyA);
  });

  it('refuses a sign-in link of a deactivated agency', async () => {
    const orderId = await placeOrder(t.app, tok.associateA);
    const mail = await latestEmailTo(t.app, 'agency@example.com');
    const link = linkIn(mail!.text, /http\S+\/login\?token=[A-Za-z0-9_-]+&order_id=\d+/);
    expect(link).toContain(`order_id=${orderId}`);
    await t.db.update(users).set({ status: 0 }).where(eq(users.id, ids.agencyA));
    try {
      // The deactivation retired the link (migration 0019): it is as good as used.
      const res = await exchange(link);
      expect([res.statusCode, res.json().message]).toEqual([401, messages.invalidLoginLink]);
    } finally {
      await t.db.update(users).set({ status: 1 }).where(eq(users.id, ids.agencyA));
    }
    // And stays so once the agency is active again.
    const again = await exchange(link);
    expect([again.statusCode, again.json().message]).toEqual([401, messages.invalidLoginLink]);
  });
});
