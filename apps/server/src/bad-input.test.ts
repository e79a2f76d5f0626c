import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test/harness.js';
import { signInTenants } from './test/helpers.js';

/**
 * Every documented route, as every role, with hostile input: malformed ids, wrong types, huge
 * strings, malformed JSON. None may answer 500 (DESIGN.md §7).
 */
let t: TestApp;
let tokens: Record<string, string | null>;
let paths: [string, string][];

beforeAll(async () => {
  t = await createTestApp();
  const { tok } = await signInTenants(t.app, t.db);
  tokens = { visitor: null, admin: tok.admin, agency: tok.agencyA, associate: tok.associateA };
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  paths = Object.entries(spec.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), path] as [string, string]));
});
afterAll(() => t?.close());

const idValues = ['abc', '-1', '0', '99999999999999999999', '1.5', "1'%20or%201=1", '%00', 'null'];
const bodies: { label: string; payload: string; type: string }[] = [
  { label: 'malformed JSON', payload: '{"sign": {', type: 'application/json' },
  { label: 'array', payload: '[1,2,3]', type: 'application/json' },
  { label: 'string', payload: '"hello"', type: 'application/json' },
  { label: 'null', payload: 'null', type: 'application/json' },
  {
    label: 'wrong types',
    payload: JSON.stringify({ email: 5, password: [], sign: 'x', paymentInfo: { payment_type: 7, order_id: 'x', balance: {} }, articlesData: [{ orderType: 1 }], coupon_code: {} }),
    type: 'application/json',
  },
  { label: 'huge strings', payload: JSON.stringify({ email: 'a'.repeat(100_000), name: 'b'.repeat(100_000), paymentInfo: { nameOnCard: 'c'.repeat(100_000) } }), type: 'application/json' },
  { label: 'form data', payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
];

describe('hostile input', () => {
  it('never gets a 500 from any route, for any role', async () => {
    expect(paths.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const [method, path] of paths) {
      if (path.startsWith('/api/docs')) continue;
      const urls = path.includes('{') ? idValues.map((v) => path.replace(/\{[^}]+\}/g, v)) : [path, `${path}?page=-1&limit=abc&sort_column=x;drop&from=yesterday&status[]=1`];
      for (const [role, token] of Object.entries(tokens)) {
        for (const url of urls) {
          const cases = method === 'GET' || method === 'DELETE' ? [null] : bodies;
          for (const body of cases) {
            const res = await t.app.inject({
              method: method as 'GET',
              url,
              headers: { ...(token ? bearer(token) : {}), ...(body ? { 'content-type': body.type } : {}) },
              ...(body ? { payload: body.payload } : {}),
            });
            if (res.statusCode >= 500) failures.push(`${role} ${method} ${url} ${body?.label ?? ''} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
