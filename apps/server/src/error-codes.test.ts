import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponMessages, ERROR_CODES, errorCodes, isErrorCode, messages, orderMessages, type ErrorCode } from '@copydesk/shared';
import { users } from './db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestApp } from './test/harness.js';
import { createVerifiedAgency, orderItem, placeOrder, signUpPayload } from './test/helpers.js';

/**
 * Every error answer is `{code, message, errors?}` with a code of the shared table
 * (packages/shared/src/error-codes.ts) whose status is the answer's (docs/decisions/0022-api-conventions.md).
 * A walk over one answer of each kind: the framework's, the guards', the services'.
 */

let t: TestApp;
let admin: string;
let agency: string;
/** Every code the walk met, checked against the table at the end. */
const seen = new Set<string>();

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin@example.com');
  agency = await loginAs(t.app, 'agency@example.com');
});
afterAll(() => t.close());

type Answer = { statusCode: number; json: () => unknown };

/** The answer's body, after checking its shape: a table code with the answer's status and a message. */
function errorBody(res: Answer, status: number, code: ErrorCode) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { code: unknown; message: unknown; errors?: unknown };
  seen.add(String(body.code));
  expect(body.code).toBe(code);
  expect(errorCodes[code].status).toBe(status);
  expect(body.message).toEqual(expect.any(String));
  expect(Object.keys(body).sort()).toEqual(body.errors === undefined ? ['code', 'message'] : ['code', 'errors', 'message']);
  return body;
}

const inject = (options: InjectOptions) => t.app.inject(options);

describe('error answers carry a stable code', () => {
  it('401 without a session', async () => {
    const res = await inject({ method: 'GET', url: '/api/getInfo' });
    expect(errorBody(res, 401, 'auth.unauthenticated')).toEqual({ code: 'auth.unauthenticated', message: messages.unauthenticated });
  });

  it('403 for a capability the role lacks', async () => {
    const res = await inject({ method: 'GET', url: '/api/dashboard/admin-stats', headers: bearer(agency) });
    expect(errorBody(res, 403, 'auth.forbidden')).toEqual({ code: 'auth.forbidden', message: messages.forbidden });
  });

  it('403 for a deactivated account, signed in or signing in', async () => {
    const account = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, account.email, account.password);
    await t.db.update(users).set({ status: 0 }).where(eq(users.email, account.email));
    const call = await inject({ method: 'GET', url: '/api/getInfo', headers: bearer(token) });
    expect(errorBody(call, 403, 'auth.account_deactivated').message).toBe(messages.accountDeactivated);
    const login = await inject({ method: 'POST', url: '/api/login', payload: { email: account.email, password: account.password } });
    expect(errorBody(login, 403, 'auth.account_deactivated')).toEqual({ code: 'auth.account_deactivated', message: messages.accountDeactivated });
  });

  it('403 for an email not verified yet', async () => {
    const payload = signUpPayload();
    expect((await inject({ method: 'POST', url: '/api/register', payload })).statusCode).toBe(201);
    const res = await inject({ method: 'POST', url: '/api/login', payload: { email: payload.sign.email, password: payload.sign.password } });
    expect(errorBody(res, 403, 'auth.email_unverified')).toEqual({ code: 'auth.email_unverified', message: messages.verifyEmailFirst });
  });

  it('404 for an unknown record and an unknown path', async () => {
    const coupon = await inject({ method: 'GET', url: '/api/coupon/2147483647', headers: bearer(admin) });
    expect(errorBody(coupon, 404, 'coupon.not_found').message).toBe('Coupon not found.');
    const path = await inject({ method: 'GET', url: '/api/no/such/path' });
    expect(errorBody(path, 404, 'request.not_found')).toEqual({ code: 'request.not_found', message: messages.notFound });
  });

  it('409 when the record’s state does not allow it', async () => {
    const id = await placeOrder(t.app, agency, [orderItem()]);
    const [item] = ((await inject({ method: 'GET', url: `/api/order/getById/${id}`, headers: bearer(agency) })).json() as { content: { id: number }[] })
      .content;
    const res = await inject({ method: 'DELETE', url: `/api/content/${item!.id}`, headers: bearer(admin) });
    expect(errorBody(res, 409, 'order.last_item')).toEqual({ code: 'order.last_item', message: orderMessages.lastItem });
  });

  it('422 for a rule a field breaks, with the field error', async () => {
    const res = await inject({ method: 'GET', url: '/api/apply-coupon/NO-SUCH-COUPON', headers: bearer(agency) });
    expect(errorBody(res, 422, 'coupon.unknown')).toEqual({
      code: 'coupon.unknown',
      message: couponMessages.unknown,
      errors: { coupon: [couponMessages.unknown] },
    });
  });

  it('422 validation.failed for a body the schema refuses', async () => {
    const res = await inject({ method: 'POST', url: '/api/login', payload: { email: 'not an email' } });
    const body = errorBody(res, 422, 'validation.failed');
    expect(body.errors).toEqual({ email: [messages.emailNotCorrect], password: [messages.fieldRequired] });
    expect(body.message).toBe(messages.emailNotCorrect);
  });

  it('400 for malformed JSON or URL, 413 for a body too large, 415 for a type no route reads', async () => {
    const json = { 'content-type': 'application/json' };
    const malformed = await inject({ method: 'POST', url: '/api/login', payload: '{"email":', headers: json });
    expect(errorBody(malformed, 400, 'request.malformed_json')).toEqual({ code: 'request.malformed_json', message: messages.malformedJson });
    const large = await inject({ method: 'POST', url: '/api/login', payload: `{"email":"${'x'.repeat(1024 * 1024)}"}`, headers: json });
    expect(errorBody(large, 413, 'request.payload_too_large')).toEqual({ code: 'request.payload_too_large', message: messages.payloadTooLarge });
    const xml = await inject({ method: 'POST', url: '/api/login', payload: '<email/>', headers: { 'content-type': 'application/xml' } });
    errorBody(xml, 415, 'request.unsupported_media_type');
    const query = await inject({ method: 'GET', url: '/api/getCounties?x=%FF' });
    errorBody(query, 400, 'request.malformed_url');
    const path = await inject({ method: 'GET', url: '/api/coupon/%', headers: bearer(admin) });
    expect(errorBody(path, 400, 'request.invalid')).toEqual({ code: 'request.invalid', message: messages.invalidData });
  });

  it('429 past a rate limit', async () => {
    let res: Answer | undefined;
    // forgot-password allows 5 requests per address in 15 minutes.
    for (let i = 0; i < 6; i++) res = await inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'limited@example.org' } });
    expect(errorBody(res!, 429, 'rate_limit.exceeded')).toEqual({ code: 'rate_limit.exceeded', message: messages.tooManyRequests });
  });

  it('met only codes of the shared table, each with the status it answered', () => {
    expect(seen.size).toBeGreaterThanOrEqual(14);
    for (const code of seen) expect(isErrorCode(code), code).toBe(true);
  });
});

describe('the OpenAPI document', () => {
  it('documents `code` as the enum of the table’s codes, and each error status lists its codes', async () => {
    const spec = (await inject({ method: 'GET', url: '/api/docs/json' })).json();
    const coupon = spec.paths['/api/coupon/{id}'].get.responses;
    const schema = coupon['404'].content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['code', 'message']));
    expect(schema.properties.code.enum).toEqual(ERROR_CODES);
    expect(coupon['404'].description).toContain('coupon.not_found');
    expect(coupon['401'].description).toContain('auth.unauthenticated');
    expect(coupon['401'].description).not.toContain('coupon.not_found');
  });
});
