import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponAdminMessages as cm, couponMessages, messages } from '@copydesk/shared';
import { couponRedemptions, coupons, payments } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, orderItem, placeOrder, signInTenants } from '../../test/helpers.js';

let t: TestApp;
let tok: { admin: string; agencyA: string; associateA: string; agencyB: string };
let ids: { admin: number; agencyA: number; associateA: number; agencyB: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInTenants(t.app, t.db, { company_name: 'Bravo Studio', name: 'Bea Bravo' }));
  // Agency B gets money to pay with coupons too.
  const res = await call('admin', 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: ids.agencyB, balance: 500, description: 'Test credit' },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t?.close());

type Who = keyof typeof tok;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(who: Who | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? bearer(tok[who]) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let seq = 0;
const code = (prefix = 'SAVE') => `${prefix}${Date.now().toString(36).toUpperCase()}${++seq}`;
const couponBody = (overrides: Record<string, unknown> = {}) => ({
  coupon_code: code(),
  type: 'fixed',
  amount: '10',
  user_id: '',
  expiry: day(30),
  limit: '5',
  ...overrides,
});

async function createCoupon(overrides: Record<string, unknown> = {}) {
  const res = await call('admin', 'POST', '/api/coupon', couponBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    coupon_code: string;
    type: string;
    amount: number;
    user_id: string;
    expiry: string;
    limit: number;
    used: number;
    status: number;
  };
}

async function expect422(res: Awaited<ReturnType<typeof call>>, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json();
  expect(body.errors?.[field], res.body).toContain(message);
  expect(body.message).toBeTypeOf('string');
}

async function payWithCoupon(who: Who, couponCode: string) {
  const orderId = await placeOrder(t.app, tok[who]);
  const res = await call(who, 'POST', '/api/order/pay', {
    paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_code: couponCode },
  });
  return { res, orderId };
}

const storedCoupon = async (id: number) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;

describe('who may manage coupons', () => {
  it('lets only admins call the coupon administration, whatever the others send', async () => {
    const existing = await createCoupon();
    const calls: [Method, string, unknown?][] = [
      ['POST', '/api/coupon', couponBody()],
      ['POST', '/api/coupon', { coupon_code: 'has space' }],
      ['GET', '/api/coupon'],
      ['GET', `/api/coupon/${existing.id}`],
      ['PATCH', `/api/coupon/${existing.id}`, { status: 0 }],
      ['PATCH', `/api/coupon/${existing.id}`, { limit: 'x' }],
      ['DELETE', `/api/coupon/${existing.id}`],
      ['GET', '/api/coupon-history'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(null, method, url, payload)).statusCode, `visitor ${method} ${url}`).toBe(401);
      for (const who of ['agencyA', 'associateA', 'agencyB'] as const) {
        const res = await call(who, method, url, payload);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(messages.forbidden);
      }
    }
    const after = await storedCoupon(existing.id);
    expect(after.status).toBe(1);
    expect(after.deletedAt).toBeNull();
  });

  it('refuses a bad or expired token with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/coupon', headers: { authorization: 'Bearer not-a-real-token-at-all-123456' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/coupon', () => {
  it('creates a fixed coupon in API units and answers Coupon created!', async () => {
    const body = couponBody({ amount: '12.5', user_id: `${ids.agencyA}, ${ids.agencyB}`, limit: '3' });
    const res = await call('admin', 'POST', '/api/coupon', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: 'Coupon created!',
      data: {
        id: expect.any(Number),
        coupon_code: body.coupon_code,
        type: 'fixed',
        amount: 12.5,
        user_id: `${ids.agencyA},${ids.agencyB}`,
        expiry: body.expiry,
        limit: 3,
        used: 0,
        status: 1,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    });
    const row = await storedCoupon(res.json().data.id);
    expect(row).toMatchObject({ amount: 1250, agencyIds: [ids.agencyA, ids.agencyB], usageLimit: 3, usedCount: 0, status: 1 });
  });

  it('creates a percentage coupon (hundredths of a percent stored), with numbers or strings', async () => {
    const c = await createCoupon({ type: 'percentage', amount: 12.25, limit: 2 });
    expect(c).toMatchObject({ type: 'percentage', amount: 12.25, limit: 2, user_id: '' });
    expect((await storedCoupon(c.id)).amount).toBe(1225);
    const full = await createCoupon({ type: 'percentage', amount: '100' });
    expect(full.amount).toBe(100);
    const dot = await createCoupon({ amount: '5.' });
    expect(dot.amount).toBe(5);
  });

  it('accepts the agencies as a list of ids, or null for every agency, and drops repeats', async () => {
    expect((await createCoupon({ user_id: [ids.agencyB, String(ids.agencyA), ids.agencyB] })).user_id).toBe(`${ids.agencyB},${ids.agencyA}`);
    expect((await createCoupon({ user_id: null })).user_id).toBe('');
    expect((await createCoupon({ user_id: undefined })).user_id).toBe('');
    expect((await createCoupon({ user_id: `${ids.agencyA},` })).user_id).toBe(`${ids.agencyA}`);
  });

  it('requires every field', async () => {
    const res = await call('admin', 'POST', '/api/coupon', {});
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    for (const field of ['coupon_code', 'type', 'amount', 'expiry', 'limit']) expect(errors[field], field).toEqual([messages.fieldRequired]);
    expect(errors.user_id).toBeUndefined();
    for (const field of ['coupon_code', 'amount', 'expiry', 'limit'])
      await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ [field]: '   ' })), field, messages.fieldRequired);
  });

  it('checks the code: no spaces, at most 50 characters, text, unique whatever the case', async () => {
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 'SAVE 10' })), 'coupon_code', cm.codeSpaces);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 'SAVE\t10' })), 'coupon_code', cm.codeSpaces);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 'A'.repeat(51) })), 'coupon_code', cm.codeTooLong);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 'A'.repeat(100_000) })), 'coupon_code', cm.codeTooLong);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 1234 })), 'coupon_code', cm.codeInvalid);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 'BAD\u0000CODE' })), 'coupon_code', cm.codeCharacters);
    expect((await createCoupon({ coupon_code: 'A'.repeat(50) })).coupon_code).toHaveLength(50);
    // Spaces around the code are not part of it.
    expect((await createCoupon({ coupon_code: '  TRIMMED1  ' })).coupon_code).toBe('TRIMMED1');

    const first = await createCoupon({ coupon_code: 'WELCOME-Ü' });
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 'welcome-ü' })), 'coupon_code', cm.codeTaken);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 'WELCOME-Ü' })), 'coupon_code', cm.codeTaken);
    // A deleted coupon keeps its code: the use history names it.
    expect((await call('admin', 'DELETE', `/api/coupon/${first.id}`)).statusCode).toBe(200);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ coupon_code: 'welcome-Ü' })), 'coupon_code', cm.codeTaken);
  });

  it('checks the type', async () => {
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ type: 'bogus' })), 'type', cm.typeInvalid);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ type: 1 })), 'type', cm.typeInvalid);
  });

  it('checks the amount: digits and one decimal point, above 0, 2 decimals, percentage at most 100', async () => {
    const cases: [unknown, string, string?][] = [
      ['abc', cm.amountInvalid],
      ['1.2.3', cm.amountInvalid],
      ['1e3', cm.amountInvalid],
      ['-5', cm.amountInvalid],
      ['$5', cm.amountInvalid],
      ['0', cm.amountPositive],
      [0, cm.amountPositive],
      [-3, cm.amountPositive],
      ['12.345', cm.amountDecimals],
      [0.001, cm.amountDecimals],
      [true, cm.amountInvalid],
      [{ value: 5 }, cm.amountInvalid],
      ['9'.repeat(40), cm.amountInvalid],
      ['100.5', cm.percentageMax, 'percentage'],
      [101, cm.percentageMax, 'percentage'],
      ['1000000.01', cm.fixedMax('$1,000,000.00'), 'fixed'],
      [1e300, cm.fixedMax('$1,000,000.00'), 'fixed'],
    ];
    for (const [amount, message, type] of cases) {
      await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ amount, type: type ?? 'fixed' })), 'amount', message);
    }
    expect((await createCoupon({ amount: '1000000' })).amount).toBe(1_000_000);
    expect((await createCoupon({ amount: '150', type: 'fixed' })).amount).toBe(150);
  });

  it('checks the agencies: ids of agencies only', async () => {
    for (const user_id of [
      'abc',
      `${ids.agencyA},x`,
      '-1',
      '0',
      '99999999999',
      `${ids.admin}`,
      `${ids.associateA}`,
      `${ids.agencyA},${ids.associateA}`,
      '2147483647',
      true,
      [{ id: 1 }],
    ]) {
      await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ user_id })), 'user_id', cm.agenciesInvalid);
    }
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ user_id: '1,'.repeat(20_000) })), 'user_id', cm.agenciesInvalid);
  });

  it('checks the expiry: a real YYYY-MM-DD date, not before today', async () => {
    for (const expiry of ['tomorrow', '2030-02-30', '2030-13-01', '30-01-2030', '2030-1-1', 20300101, `${day(3)}T00:00:00Z`]) {
      await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ expiry })), 'expiry', cm.expiryInvalid);
    }
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ expiry: day(-1) })), 'expiry', cm.expiryPast);
    await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ expiry: '2001-01-01' })), 'expiry', cm.expiryPast);
    expect((await createCoupon({ expiry: day(0) })).expiry).toBe(day(0));
  });

  it('checks the limit: digits only, at least 1', async () => {
    const cases: [unknown, string][] = [
      ['abc', cm.limitDigits],
      ['1.5', cm.limitDigits],
      [1.5, cm.limitDigits],
      ['-1', cm.limitDigits],
      [-1, cm.limitMin],
      ['0', cm.limitMin],
      [0, cm.limitMin],
      ['1000001', cm.limitMax('1,000,000')],
      ['9'.repeat(25), cm.limitMax('1,000,000')],
      [false, cm.limitDigits],
    ];
    for (const [limit, message] of cases) await expect422(await call('admin', 'POST', '/api/coupon', couponBody({ limit })), 'limit', message);
    expect((await createCoupon({ limit: ' 7 ' })).limit).toBe(7);
  });

  it('answers bad bodies with 4xx, never 500', async () => {
    const raw = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/coupon', headers: { ...bearer(tok.admin), 'content-type': 'application/json' }, payload });
    expect((await raw('{"coupon_code":')).statusCode).toBe(400);
    expect((await raw('[]')).statusCode).toBe(422);
    expect((await raw('"text"')).statusCode).toBe(422);
    expect((await raw('null')).statusCode).toBe(422);
    expect((await raw(JSON.stringify({ ...couponBody(), coupon_code: 'x'.repeat(900_000) }))).statusCode).toBe(422);
    expect((await raw('x'.repeat(2 * 1024 * 1024))).statusCode).toBe(413);
    expect((await call('admin', 'POST', '/api/coupon')).statusCode).toBeLessThan(500);
  });
});

describe('GET /api/coupon and GET /api/coupon/{id}', () => {
  it('pages with 5 by default, newest first, and filters by keyword and creation date', async () => {
    const prefix = code('LIST');
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createCoupon({ coupon_code: `${prefix}-${i}`, amount: String(10 + i) }));

    let res = await call('admin', 'GET', `/api/coupon?keyword=${prefix}`);
    expect(res.statusCode, res.body).toBe(200);
    let body = res.json();
    expect(body.data.map((c: { coupon_code: string }) => c.coupon_code)).toEqual([6, 5, 4, 3, 2].map((i) => `${prefix}-${i}`));
    expect(body.meta).toEqual({ from: 1, to: 5, total: 7, last_page: 2, current_page: 1, per_page: 5 });
    expect(body.data[0]).toEqual({ ...made[6], used: 0 });

    res = await call('admin', 'GET', `/api/coupon?keyword=${prefix.toLowerCase()}&page=2&limit=5&sort_column=amount&sort_order=ASC`);
    body = res.json();
    expect(body.data.map((c: { amount: number }) => c.amount)).toEqual([15, 16]);
    expect(body.meta).toMatchObject({ from: 6, to: 7, total: 7, current_page: 2 });

    for (const column of ['id', 'coupon_code', 'type', 'amount', 'expiry', 'limit', 'status', 'created_at']) {
      for (const order of ['asc', 'desc']) {
        const r = await call('admin', 'GET', `/api/coupon?sort_column=${column}&sort_order=${order}&limit=100`);
        expect(r.statusCode, `${column} ${order}`).toBe(200);
      }
    }
    const byCode = (await call('admin', 'GET', `/api/coupon?keyword=${prefix}&sort_column=coupon_code&sort_order=asc`)).json();
    expect(byCode.data.map((c: { coupon_code: string }) => c.coupon_code)).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix}-${i}`));

    expect((await call('admin', 'GET', `/api/coupon?keyword=${prefix}&from=${day(0)}&to=${day(0)}`)).json().meta.total).toBe(7);
    expect((await call('admin', 'GET', `/api/coupon?keyword=${prefix}&from=${day(1)}`)).json().meta.total).toBe(0);
    expect((await call('admin', 'GET', `/api/coupon?keyword=${prefix}&to=${day(-1)}`)).json().meta.total).toBe(0);
    const none = (await call('admin', 'GET', '/api/coupon?keyword=no-such-coupon-anywhere')).json();
    expect(none).toEqual({ data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 1, per_page: 5 } });
    // LIKE wildcards in the keyword are literal.
    expect((await call('admin', 'GET', '/api/coupon?keyword=%25')).json().meta.total).toBe(0);
    expect((await call('admin', 'GET', '/api/coupon?keyword=_')).json().meta.total).toBe(0);
  });

  it('refuses bad list parameters with 422', async () => {
    for (const q of [
      'page=0',
      'page=abc',
      'limit=1000',
      'limit=-1',
      'sort_column=password',
      'sort_order=sideways',
      'from=yesterday',
      'to=2030-02-30',
      `keyword=${'k'.repeat(200)}`,
    ]) {
      expect((await call('admin', 'GET', `/api/coupon?${q}`)).statusCode, q).toBe(422);
    }
    expect((await call('admin', 'GET', '/api/coupon?page=&limit=&keyword=&from=&to=')).statusCode).toBe(200);
  });

  it('shows one coupon, and answers 404 for unknown or deleted ones and 422 for malformed ids', async () => {
    const c = await createCoupon({ user_id: String(ids.agencyB) });
    const res = await call('admin', 'GET', `/api/coupon/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ...c, used: 0 } });
    expect((await call('admin', 'GET', '/api/coupon/999999')).statusCode).toBe(404);
    expect((await call('admin', 'GET', '/api/coupon/999999')).json().message).toBe(cm.notFound);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%20']) expect((await call('admin', 'GET', `/api/coupon/${id}`)).statusCode, id).toBe(422);
  });
});

describe('PATCH /api/coupon/{id}', () => {
  it('updates the fields and status and answers Coupon updated!', async () => {
    const c = await createCoupon();
    const res = await call('admin', 'PATCH', `/api/coupon/${c.id}`, {
      coupon_code: c.coupon_code,
      type: 'percentage',
      amount: '15.5',
      user_id: String(ids.agencyA),
      expiry: day(60),
      limit: '9',
      status: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Coupon updated!',
      data: { ...c, type: 'percentage', amount: 15.5, user_id: String(ids.agencyA), expiry: day(60), limit: 9, status: 0 },
    });
    expect(await storedCoupon(c.id)).toMatchObject({ amount: 1550, status: 0, usageLimit: 9, agencyIds: [ids.agencyA] });

    // Status as '1' or true; absent fields stay as they are; '' opens it to every agency.
    for (const status of ['1', true, 1]) expect((await call('admin', 'PATCH', `/api/coupon/${c.id}`, { status })).json().data.status).toBe(1);
    expect((await call('admin', 'PATCH', `/api/coupon/${c.id}`, { status: '0' })).json().data.status).toBe(0);
    const open = (await call('admin', 'PATCH', `/api/coupon/${c.id}`, { user_id: '' })).json().data;
    expect(open).toMatchObject({ user_id: '', amount: 15.5, type: 'percentage', limit: 9, expiry: day(60) });
    expect((await call('admin', 'PATCH', `/api/coupon/${c.id}`, {})).json().data).toEqual(open);
  });

  it('never changes the code', async () => {
    const c = await createCoupon();
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { coupon_code: `${c.coupon_code}X`, status: 0 }), 'coupon_code', cm.codeLocked);
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { coupon_code: 'HAS SPACE' }), 'coupon_code', cm.codeSpaces);
    expect(await storedCoupon(c.id)).toMatchObject({ code: c.coupon_code, status: 1 });
  });

  it('applies the create rules to the merged coupon', async () => {
    const c = await createCoupon({ amount: '150' });
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { type: 'percentage' }), 'amount', cm.percentageMax);
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { amount: 'ten' }), 'amount', cm.amountInvalid);
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { expiry: day(-1) }), 'expiry', cm.expiryPast);
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { expiry: '2030-02-31' }), 'expiry', cm.expiryInvalid);
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { user_id: String(ids.associateA) }), 'user_id', cm.agenciesInvalid);
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { limit: '0' }), 'limit', cm.limitMin);
    for (const status of [2, '2', 'yes', null, -1])
      await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { status }), 'status', cm.statusInvalid);
    expect(await storedCoupon(c.id)).toMatchObject({ type: 'fixed', amount: 15000, status: 1 });
  });

  it('keeps an already past expiry when it is sent unchanged, so an expired coupon can be switched off', async () => {
    const c = await createCoupon();
    await t.db.update(coupons).set({ expiry: '2020-01-01' }).where(eq(coupons.id, c.id));
    const res = await call('admin', 'PATCH', `/api/coupon/${c.id}`, { ...couponBody({ coupon_code: c.coupon_code, expiry: '2020-01-01' }), status: 0 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ expiry: '2020-01-01', status: 0 });
  });

  it('does not let the limit drop below the times the coupon was used', async () => {
    const c = await createCoupon({ amount: '1', limit: '3' });
    for (let i = 0; i < 2; i++) expect((await payWithCoupon('agencyA', c.coupon_code)).res.statusCode).toBe(200);
    await expect422(await call('admin', 'PATCH', `/api/coupon/${c.id}`, { limit: 1 }), 'limit', cm.limitBelowUsed(2));
    const res = await call('admin', 'PATCH', `/api/coupon/${c.id}`, { limit: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ limit: 2, used: 2 });
  });

  it('answers 404 for unknown and deleted coupons and 422 for malformed ids and bodies', async () => {
    const c = await createCoupon();
    expect((await call('admin', 'PATCH', '/api/coupon/999999', { status: 0 })).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/coupon/${c.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'PATCH', `/api/coupon/${c.id}`, { status: 0 })).statusCode).toBe(404);
    expect((await call('admin', 'PATCH', '/api/coupon/abc', { status: 0 })).statusCode).toBe(422);
    expect((await call('admin', 'PATCH', `/api/coupon/${c.id}`, [1, 2])).statusCode).toBe(422);
  });
});

describe('DELETE /api/coupon/{id}', () => {
  it('hides the coupon, refuses it at checkout, and keeps its use history', async () => {
    const c = await createCoupon({ amount: '2' });
    const paid = await payWithCoupon('agencyA', c.coupon_code);
    expect(paid.res.statusCode, paid.res.body).toBe(200);

    const res = await call('admin', 'DELETE', `/api/coupon/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Success!' });
    expect((await call('admin', 'GET', `/api/coupon/${c.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/api/coupon?keyword=${c.coupon_code}`)).json().meta.total).toBe(0);
    expect((await call('admin', 'DELETE', `/api/coupon/${c.id}`)).statusCode).toBe(404);
    expect((await storedCoupon(c.id)).deletedAt).not.toBeNull();

    const history = (await call('admin', 'GET', `/api/coupon-history?keyword=${c.coupon_code}`)).json();
    expect(history.data).toEqual([
      {
        id: expect.any(Number),
        coupon_code: c.coupon_code,
        user_name: 'Alex Agency',
        order_id: paid.orderId,
        discount: 2,
        created_at: expect.any(String),
        refunded_at: null,
      },
    ]);

    const apply = await call('agencyA', 'GET', `/api/apply-coupon/${c.coupon_code}`);
    expect(apply.statusCode).toBe(422);
    expect(apply.json().message).toBe(couponMessages.unknown);
    expect((await payWithCoupon('agencyA', c.coupon_code)).res.statusCode).toBe(422);
    expect((await call('admin', 'DELETE', '/api/coupon/0')).statusCode).toBe(422);
  });
});

describe('GET /api/coupon-history', () => {
  it('lists each paid order that used a coupon, with filters and sorting', async () => {
    const tag = code('HIST');
    const a = await createCoupon({ coupon_code: `${tag}-A`, amount: '3' });
    const p = await createCoupon({ coupon_code: `${tag}-P`, type: 'percentage', amount: '10' });
    const one = await payWithCoupon('agencyA', a.coupon_code);
    const two = await payWithCoupon('associateA', p.coupon_code);
    const three = await payWithCoupon('agencyB', a.coupon_code);
    for (const x of [one, two, three]) expect(x.res.statusCode, x.res.body).toBe(200);

    const res = await call('admin', 'GET', `/api/coupon-history?keyword=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ from: 1, to: 3, total: 3, last_page: 1, current_page: 1, per_page: 5 });
    expect(
      body.data.map((r: { coupon_code: string; user_name: string; order_id: number; discount: number }) => [
        r.coupon_code,
        r.user_name,
        r.order_id,
        r.discount,
      ]),
    ).toEqual([
      [a.coupon_code, 'Bea Bravo', three.orderId, 3],
      [p.coupon_code, 'Sam Associate', two.orderId, 2.8],
      [a.coupon_code, 'Alex Agency', one.orderId, 3],
    ]);
    const [redemption] = await t.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, two.orderId));
    expect(body.data[1]).toMatchObject({ id: redemption!.id, created_at: redemption!.createdAt.toISOString() });

    const names = (q: string) =>
      call('admin', 'GET', `/api/coupon-history?keyword=${tag}&${q}`).then((r) => r.json().data.map((x: { user_name: string }) => x.user_name));
    expect(await names('sort_column=user_name&sort_order=asc')).toEqual(['Alex Agency', 'Bea Bravo', 'Sam Associate']);
    expect(await names('sort_column=order_id&sort_order=asc')).toEqual(['Alex Agency', 'Sam Associate', 'Bea Bravo']);
    expect(await names('sort_column=coupon_code&sort_order=desc&limit=1')).toEqual(['Sam Associate']);
    for (const column of ['id', 'coupon_code', 'user_name', 'order_id', 'created_at']) {
      expect((await call('admin', 'GET', `/api/coupon-history?sort_column=${column}&sort_order=asc`)).statusCode).toBe(200);
    }

    expect((await call('admin', 'GET', '/api/coupon-history?keyword=Bea%20Bravo')).json().data.map((r: { order_id: number }) => r.order_id)).toContain(
      three.orderId,
    );
    expect((await call('admin', 'GET', `/api/coupon-history?keyword=${two.orderId}`)).json().data.map((r: { order_id: number }) => r.order_id)).toContain(
      two.orderId,
    );
    expect((await call('admin', 'GET', `/api/coupon-history?keyword=${tag}&from=${day(0)}&to=${day(0)}`)).json().meta.total).toBe(3);
    expect((await call('admin', 'GET', `/api/coupon-history?keyword=${tag}&from=${day(1)}`)).json().meta.total).toBe(0);
    expect((await call('admin', 'GET', `/api/coupon-history?keyword=${tag}&page=2`)).json()).toMatchObject({ data: [], meta: { from: null, total: 3 } });
    for (const q of ['sort_column=email', 'page=x', 'limit=101', 'from=2030-02-30'])
      expect((await call('admin', 'GET', `/api/coupon-history?${q}`)).statusCode, q).toBe(422);
  });
});

describe('GET /api/apply-coupon/{code}', () => {
  const apply = (who: Who | null, c: string) => call(who, 'GET', `/api/apply-coupon/${encodeURIComponent(c)}`);

  it('returns the coupon to the agencies it is for, and to their associates, whatever the case of the code', async () => {
    const c = await createCoupon({ type: 'percentage', amount: '12.5', user_id: String(ids.agencyA) });
    for (const who of ['agencyA', 'associateA'] as const) {
      const res = await apply(who, c.coupon_code.toLowerCase());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: c.id, coupon_code: c.coupon_code, type: 'percentage', amount: 12.5, message: couponMessages.applied });
    }
    const res = await apply('agencyB', c.coupon_code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'coupon.not_for_you', message: couponMessages.notForYou, errors: { coupon: [couponMessages.notForYou] } });

    const everyone = await createCoupon({ amount: '7.5' });
    expect((await apply('agencyB', everyone.coupon_code)).json()).toMatchObject({ type: 'fixed', amount: 7.5 });
  });

  it('refuses admins and visitors', async () => {
    const c = await createCoupon();
    expect((await apply('admin', c.coupon_code)).statusCode).toBe(403);
    expect((await apply(null, c.coupon_code)).statusCode).toBe(401);
  });

  it('says why a coupon cannot be used: unknown, inactive, expired, used up', async () => {
    const reason = async (c: string) => {
      const res = await apply('agencyA', c);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().message as string;
    };
    expect(await reason('NO-SUCH-CODE')).toBe(couponMessages.unknown);
    expect(await reason('has space')).toBe(couponMessages.unknown);
    expect(await reason('X'.repeat(250))).toBe(couponMessages.unknown);
    expect(await reason("' or 1=1 --")).toBe(couponMessages.unknown);
    expect(await reason('%')).toBe(couponMessages.unknown);

    const inactive = await createCoupon();
    await call('admin', 'PATCH', `/api/coupon/${inactive.id}`, { status: 0 });
    expect(await reason(inactive.coupon_code)).toBe(couponMessages.inactive);

    const expired = await createCoupon();
    await t.db
      .update(coupons)
      .set({ expiry: day(-1) })
      .where(eq(coupons.id, expired.id));
    expect(await reason(expired.coupon_code)).toBe(couponMessages.expired);
    const today = await createCoupon({ expiry: day(0) });
    expect((await apply('agencyA', today.coupon_code)).statusCode).toBe(200);

    const once = await createCoupon({ amount: '1', limit: '1' });
    // Applying reserves nothing: both can apply, the first payment uses it up.
    expect((await apply('agencyA', once.coupon_code)).statusCode).toBe(200);
    expect((await apply('agencyB', once.coupon_code)).statusCode).toBe(200);
    expect((await storedCoupon(once.id)).usedCount).toBe(0);
    expect((await payWithCoupon('agencyB', once.coupon_code)).res.statusCode).toBe(200);
    expect(await reason(once.coupon_code)).toBe(couponMessages.usedUp);
    const second = await payWithCoupon('agencyA', once.coupon_code);
    expect(second.res.statusCode).toBe(422);
    expect(second.res.json().message).toBe(couponMessages.usedUp);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, second.orderId))).toEqual([]);
  });

  it('limits how often one user may check codes, so codes cannot be guessed', async () => {
    const guesser = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, guesser.email, guesser.password);
    const c = await createCoupon();
    const check = (x: string) => t.app.inject({ method: 'GET', url: `/api/apply-coupon/${x}`, headers: bearer(token) });
    for (let i = 0; i < 59; i++) expect((await check(`GUESS${i}`)).statusCode).toBe(422);
    expect((await check(c.coupon_code)).statusCode).toBe(200);
    const limited = await check(c.coupon_code);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'rate_limit.exceeded', message: messages.tooManyRequests });
    // Other users keep their own allowance.
    expect((await apply('agencyB', c.coupon_code)).statusCode).toBe(200);
  });

  it('feeds the payment: the discount the screen shows is the one charged', async () => {
    const c = await createCoupon({ type: 'percentage', amount: '25' });
    const applied = (await apply('associateA', c.coupon_code)).json();
    const orderId = await placeOrder(t.app, tok.associateA, [orderItem(), orderItem()]);
    const res = await call('associateA', 'POST', '/api/order/pay', {
      paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, coupon_id: applied.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ subtotalCents: 5600, discountCents: 1400, amountCents: 4200, couponId: c.id });
    expect((await call('admin', 'GET', `/api/coupon/${c.id}`)).json().data.used).toBe(1);
  });
});

describe('GET /api/coupon-history search', () => {
  it('finds redemptions by code and payer also when more than a hundred coupons or users match', async () => {
    const tag = code('MANY');
    const used = await createCoupon({ coupon_code: `${tag}-USED`, amount: '1' });
    const paid = await payWithCoupon('agencyA', used.coupon_code);
    expect(paid.res.statusCode, paid.res.body).toBe(200);
    const history = async (keyword: string) => {
      const res = await call('admin', 'GET', `/api/coupon-history?limit=100&keyword=${encodeURIComponent(keyword)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: { order_id: number; coupon_code: string; user_name: string }[]; meta: { total: number } };
    };
    const before = await history(tag);
    expect(before.data.map((r) => r.order_id)).toEqual([paid.orderId]);
    const byPayer = (await history('alex agency')).data;
    expect(byPayer.map((r) => r.order_id)).toContain(paid.orderId);

    // 101 more coupons with the tag and 101 more users named like the payer, none redeemed.
    await t.db.execute(sql`insert into coupons (code, type, amount, expiry, usage_limit)
      select ${tag} || '-SPARE' || g, 'fixed', 100, current_date + 30, 1 from generate_series(1, 101) g`);
    await t.db.execute(sql`insert into users (name, email, role)
      select 'Alex Agency namesake ' || g, ${tag.toLowerCase()} || '-' || g || '@example.org', 'agency' from generate_series(1, 101) g`);
    expect(await history(tag)).toEqual(before);
    expect((await history('alex agency')).data).toEqual(byPayer);
    expect((await history(`${tag}-USED`)).data.map((r) => r.order_id)).toEqual([paid.orderId]);
    expect((await history(`${tag}_USED`)).data).toEqual([]);
  });
});
