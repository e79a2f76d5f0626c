import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, userMessages } from '@copydesk/shared';
import { bearer, createTestApp, type TestApp } from './harness.js';
import { placeOrder, signInRoleMatrix, type MatrixRole } from './helpers.js';

/**
 * The role and tenant matrix (docs/decisions/0011-tenancy-and-roles.md) for the calls the team and
 * administration screens use beyond the users and inbox modules (which walk the matrix in their own
 * tests): the coupon administration, the agency picker, editing a user, Notify Agency and the
 * operator figures. Every caller — admin, agency A, associate of A, agency B, associate of B, a
 * visitor, a deactivated user and the associate of a deactivated agency — gets exactly its answer.
 */

let t: TestApp;
let tok: Record<MatrixRole, string>;
let ids: Record<MatrixRole, number>;
let couponId: number;
let orderOfAssociateA: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInRoleMatrix(t.app, t.db));
  const expiry = `${new Date().getUTCFullYear() + 1}-01-31`;
  const created = await call('admin', 'POST', '/api/coupon', { coupon_code: 'MATRIX10', type: 'percentage', amount: 10, user_id: '', expiry, limit: 100 });
  expect(created.statusCode, created.body).toBe(201);
  couponId = created.json().data.id;
  orderOfAssociateA = await placeOrder(t.app, tok.associateA);
});
afterAll(() => t?.close());

type Who = MatrixRole | null;
const CALLERS: Who[] = ['admin', 'agencyA', 'associateA', 'agencyB', 'associateB', null, 'deactivated', 'associateOfDeactivated'];

function call(who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? bearer(tok[who]) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** What every caller outside the allowed set gets, whatever the call. */
function refusal(who: Who): [number, string] {
  if (who === null) return [401, messages.unauthenticated];
  if (who === 'deactivated') return [403, messages.accountDeactivated];
  if (who === 'associateOfDeactivated') return [403, userMessages.agencyDeactivated];
  return [403, messages.forbidden];
}

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: () => string;
  payload?: (who: Who) => unknown;
  /** Status for each caller allowed to make the call; everyone else gets `refusal`. */
  allowed: Partial<Record<MatrixRole, number>>;
}

const CASES: Case[] = [
  { name: 'list coupons', method: 'GET', url: () => '/api/coupon', allowed: { admin: 200 } },
  { name: 'read a coupon', method: 'GET', url: () => `/api/coupon/${couponId}`, allowed: { admin: 200 } },
  { name: 'edit a coupon', method: 'PATCH', url: () => `/api/coupon/${couponId}`, payload: () => ({ limit: 50 }), allowed: { admin: 200 } },
  { name: 'coupon history', method: 'GET', url: () => '/api/coupon-history', allowed: { admin: 200 } },
  { name: 'agency picker', method: 'GET', url: () => '/api/user/getuserbyrole/agency', allowed: { admin: 200 } },
  { name: 'operator figures', method: 'GET', url: () => '/api/dashboard/admin-stats', allowed: { admin: 200 } },
  {
    name: 'apply a coupon at payment',
    method: 'GET',
    url: () => '/api/apply-coupon/MATRIX10',
    allowed: { agencyA: 200, associateA: 200, agencyB: 200, associateB: 200 },
  },
  {
    name: 'Notify Agency about an own order',
    method: 'GET',
    url: () => `/api/notifyAgency?order_id=${orderOfAssociateA}`,
    // Only associate A placed it; associate B is another tenant and must not learn it exists.
    allowed: { associateA: 200, associateB: 404 },
  },
  {
    name: "edit associate A's profile",
    method: 'POST',
    url: () => '/api/update/updateUserInfo',
    payload: () => ({ sign: { name: 'Sam Associate', userId: ids.associateA } }),
    // Admin: anyone; agency A: its own associate; associate A: itself; another tenant: not found.
    allowed: { admin: 200, agencyA: 200, associateA: 200, agencyB: 404, associateB: 404 },
  },
];

describe.each(CASES)('$name', (c) => {
  it.each(CALLERS)('answers %s as its role and tenant allow', async (who) => {
    const res = await call(who, c.method, c.url(), c.payload?.(who));
    const allowed = who === null ? undefined : c.allowed[who];
    if (allowed !== undefined) {
      expect(res.statusCode, res.body).toBe(allowed);
      if (allowed === 404) expect(res.json().message).toBe(messages.notFound);
      return;
    }
    expect([res.statusCode, res.json().message], res.body).toEqual(refusal(who));
  });
});

describe('creating and deleting a coupon', () => {
  it.each(CALLERS.filter((w) => w !== 'admin'))('refuses %s and changes nothing', async (who) => {
    const expiry = `${new Date().getUTCFullYear() + 1}-01-31`;
    const create = await call(who, 'POST', '/api/coupon', { coupon_code: `NOPE${String(who)}`, type: 'fixed', amount: 5, expiry, limit: 1 });
    expect([create.statusCode, create.json().message]).toEqual(refusal(who));
    const remove = await call(who, 'DELETE', `/api/coupon/${couponId}`);
    expect([remove.statusCode, remove.json().message]).toEqual(refusal(who));
    const codes = (await call('admin', 'GET', '/api/coupon?limit=100')).json().data.map((c: { coupon_code: string }) => c.coupon_code);
    expect(codes).toContain('MATRIX10');
    expect(codes).not.toContain(`NOPE${String(who)}`.toUpperCase());
  });
});
