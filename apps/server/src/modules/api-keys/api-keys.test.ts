import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeyMessages, endpoints, messages, type Endpoint } from '@copydesk/shared';
import { apiKeys, users } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, databaseText, placeOrder, signInTenants, userIdByEmail, type Tenant } from '../../test/helpers.js';
import { onPostgres, postgresOnly } from '../../test/postgres-only.js';

/**
 * API keys (docs/decisions/0043-api-keys-and-mcp.md): each account's own, shown once and stored as a
 * hash; a key acts as its owner except on the calls its entry refuses it (`apiKey: false`); revoked
 * keys and deactivated owners are refused; its use is recorded at most once a minute; it has its own
 * rate limit.
 */

let t: TestApp;
let tok: Record<Tenant, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok } = await signInTenants(t.app, t.db));
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
function call(token: string | null, method: Method, url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createKey(token: string, name = 'CI pipeline') {
  const res = await call(token, 'POST', '/api/api-keys', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; prefix: string; key: string; created_at: string };
}

const liveKeysOf = async (userId: number) =>
  (
    await t.db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(sql`${apiKeys.userId} = ${userId} and ${apiKeys.revokedAt} is null`)
  ).length;

describe('who manages API keys', () => {
  it('lets agencies and admins create, list and revoke their own keys; associates 403, visitors 401', async () => {
    for (const who of ['admin', 'agencyA'] as const) {
      const created = await createKey(tok[who], `${who} key`);
      const listed = await call(tok[who], 'GET', '/api/api-keys');
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.map((k: { id: number }) => k.id)).toContain(created.id);
      const revoked = await call(tok[who], 'DELETE', `/api/api-keys/${created.id}`);
      expect([revoked.statusCode, revoked.json().message]).toEqual([200, apiKeyMessages.revoked]);
    }
    for (const [method, url, body] of [
      ['POST', '/api/api-keys', { name: 'x' }],
      ['GET', '/api/api-keys', undefined],
      ['DELETE', '/api/api-keys/1', undefined],
    ] as const) {
      const associate = await call(tok.associateA, method, url, body);
      expect([associate.statusCode, associate.json().code], `${method} ${url}`).toEqual([403, 'auth.forbidden']);
      const visitor = await call(null, method, url, body);
      expect([visitor.statusCode, visitor.json().code], `${method} ${url}`).toEqual([401, 'auth.unauthenticated']);
    }
  });

  it("answers 404 for another account's key (an admin's too) and for an unknown or revoked one, and lists only the caller's", async () => {
    const ofA = await createKey(tok.agencyA, 'A only');
    for (const who of ['agencyB', 'admin'] as const) {
      const res = await call(tok[who], 'DELETE', `/api/api-keys/${ofA.id}`);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([404, 'api_key.not_found', apiKeyMessages.notFound]);
      const listed = await call(tok[who], 'GET', '/api/api-keys');
      expect(listed.json().data.map((k: { id: number }) => k.id)).not.toContain(ofA.id);
    }
    expect((await call(tok.agencyA, 'DELETE', `/api/api-keys/${ofA.id}`)).statusCode).toBe(200);
    expect((await call(tok.agencyA, 'DELETE', `/api/api-keys/${ofA.id}`)).statusCode).toBe(404);
    expect((await call(tok.agencyA, 'DELETE', '/api/api-keys/2147483647')).statusCode).toBe(404);
    // The revoked key is kept (known and refused) but no longer listed.
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, ofA.id));
    expect(row!.revokedAt).toBeInstanceOf(Date);
    expect((await call(tok.agencyA, 'GET', '/api/api-keys')).json().data.map((k: { id: number }) => k.id)).not.toContain(ofA.id);
  });
});

describe('a new key', () => {
  it('is cd_ and 40 base62 characters, shown once: the list never carries it and the database holds only its SHA-256', async () => {
    const created = await createKey(tok.agencyB, 'Shown once');
    expect(created.key).toMatch(/^cd_[0-9A-Za-z]{40}$/);
    expect(created.prefix).toBe(created.key.slice(0, 8));
    expect(created.name).toBe('Shown once');
    expect(Date.parse(created.created_at)).not.toBeNaN();
    const listed = await call(tok.agencyB, 'GET', '/api/api-keys');
    expect(listed.body).not.toContain(created.key);
    expect(listed.json().data.find((k: { id: number }) => k.id === created.id)).toEqual({
      id: created.id,
      name: 'Shown once',
      prefix: created.prefix,
      created_at: created.created_at,
      last_used_at: null,
    });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const dump = await databaseText(t.db);
    expect(dump).toContain(row!.keyHash);
    expect(dump).not.toContain(created.key);
    expect(dump).not.toContain(created.key.slice(8));
  });

  it('differs every time (no two of many alike, every base62 character used)', async () => {
    const { generateApiKey } = await import('./api-keys.service.js');
    const keys = Array.from({ length: 2000 }, generateApiKey);
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Set(keys.map((k) => k.slice(3)).join(''));
    expect(seen.size).toBe(62);
  });

  it('needs a name of 1 to 100 characters (422 on name)', async () => {
    for (const [body, message] of [
      [{}, messages.fieldRequired],
      [{ name: '' }, messages.fieldRequired],
      [{ name: '   ' }, messages.fieldRequired],
      [{ name: 'x'.repeat(101) }, apiKeyMessages.nameTooLong],
      [{ name: 12 }, apiKeyMessages.nameInvalid],
    ] as const) {
      const res = await call(tok.agencyA, 'POST', '/api/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors?.name, JSON.stringify(body)).toContain(message);
    }
    expect((await createKey(tok.agencyA, 'x'.repeat(100))).name).toHaveLength(100);
  });

  it('is refused past 20 live keys per account (422 with its own code); revoking one makes room', async () => {
    const agency = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, agency.email, agency.password);
    const made = [];
    for (let i = 1; i <= 20; i++) made.push(await createKey(token, `Key ${i}`));
    const over = await call(token, 'POST', '/api/api-keys', { name: 'Key 21' });
    expect([over.statusCode, over.json().code, over.json().message]).toEqual([422, 'api_key.limit_reached', apiKeyMessages.tooMany]);
    expect((await call(token, 'DELETE', `/api/api-keys/${made[0]!.id}`)).statusCode).toBe(200);
    await createKey(token, 'Key 21');
    expect(await liveKeysOf(await userIdByEmail(t.db, agency.email))).toBe(20);
  });

  // Only PostgreSQL runs the creations on several connections at once; the embedded database takes them one by one.
  it.skipIf(!onPostgres)(postgresOnly('keeps to 20 when 30 creations race (the owner row is locked while counting)'), async () => {
    const agency = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, agency.email, agency.password);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => call(token, 'POST', '/api/api-keys', { name: `Race ${i}` })));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expect(await liveKeysOf(await userIdByEmail(t.db, agency.email))).toBe(20);
  });
});

describe('a request with a key', () => {
  it("acts as its owner: the owner's orders only, and another agency's order refused as for the session", async () => {
    const key = (await createKey(tok.agencyA)).key;
    const ownOrder = await placeOrder(t.app, key);
    const otherOrder = await placeOrder(t.app, tok.agencyB);
    const info = await call(key, 'GET', '/api/getInfo');
    expect(info.statusCode).toBe(200);
    expect(info.body).toContain('agency@example.com');
    const withKey = await call(key, 'GET', '/api/order?limit=100');
    const withSession = await call(tok.agencyA, 'GET', '/api/order?limit=100');
    expect(withKey.statusCode, withKey.body).toBe(200);
    expect(withKey.json().data).toEqual(withSession.json().data);
    const orderIds = withKey.json().data.map((o: { id: number }) => o.id);
    expect(orderIds).toContain(ownOrder);
    expect(orderIds).not.toContain(otherOrder);
    const foreignByKey = await call(key, 'GET', `/api/order/getById/${otherOrder}`);
    const foreignBySession = await call(tok.agencyA, 'GET', `/api/order/getById/${otherOrder}`);
    expect(foreignByKey.statusCode).toBeGreaterThanOrEqual(400);
    expect([foreignByKey.statusCode, foreignByKey.json()]).toEqual([foreignBySession.statusCode, foreignBySession.json()]);
    // The owner's capabilities: an agency's key may not use the admin's calls.
    const admin = await call(key, 'GET', '/api/coupon');
    expect([admin.statusCode, admin.json().code]).toEqual([403, 'auth.forbidden']);
  });

  it('is refused (403 auth.api_key_forbidden) by every entry marked apiKey: false, and lets the same owner through with a session', async () => {
    const key = (await createKey(tok.agencyA)).key;
    const refused = (Object.entries(endpoints) as [string, Endpoint][]).filter(([, e]) => e.apiKey === false);
    // The calls the decision names: keys and webhooks, the password and profile, adding and switching users, signing out.
    for (const name of [
      'createApiKey',
      'listApiKeys',
      'deleteApiKey',
      'changePassword',
      'updateInfo',
      'editUser',
      'updateProfilePic',
      'register',
      'changeUserStatus',
      'logout',
    ])
      expect(refused.map(([n]) => n)).toContain(name);
    const wrong: string[] = [];
    for (const [name, entry] of refused) {
      const url = '/api' + entry.path.replace(/:\w+/g, '1');
      const res = await call(key, entry.method, url, entry.method === 'GET' || entry.method === 'DELETE' ? undefined : {});
      const body = res.json();
      if (res.statusCode !== 403 || body.code !== 'auth.api_key_forbidden' || body.message !== apiKeyMessages.keyForbidden)
        wrong.push(`${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
    // The owner, signed in, still may.
    expect((await call(tok.agencyA, 'GET', '/api/api-keys')).statusCode).toBe(200);
    // An admin's key is refused the same way.
    const adminKey = (await createKey(tok.admin)).key;
    const res = await call(adminKey, 'POST', '/api/api-keys', { name: 'From a key' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'auth.api_key_forbidden']);
  });

  it('is declared in the OpenAPI document: calls that take keys list both schemes, the others the session only', async () => {
    const doc = (await call(null, 'GET', '/api/docs/json')).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'cd_…' });
    const op = (entry: Endpoint) => doc.paths[('/api' + entry.path).replace(/:(\w+)/g, '{$1}')][entry.method.toLowerCase()];
    expect(op(endpoints.listOrders).security).toEqual([{ bearerAuth: [] }, { apiKey: [] }]);
    expect(op(endpoints.createApiKey).security).toEqual([{ bearerAuth: [] }]);
    expect(op(endpoints.changePassword).security).toEqual([{ bearerAuth: [] }]);
  });

  it('is refused with 401 once revoked, and an unknown key too', async () => {
    const created = await createKey(tok.agencyA);
    expect((await call(created.key, 'GET', '/api/order')).statusCode).toBe(200);
    expect((await call(tok.agencyA, 'DELETE', `/api/api-keys/${created.id}`)).statusCode).toBe(200);
    const revoked = await call(created.key, 'GET', '/api/order');
    expect([revoked.statusCode, revoked.json().code]).toEqual([401, 'auth.unauthenticated']);
    const unknown = await call(`cd_${'A'.repeat(40)}`, 'GET', '/api/order');
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'auth.unauthenticated']);
  });

  it("of a deactivated owner gets the signed-in session's refusal", async () => {
    const agency = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, agency.email, agency.password);
    const key = (await createKey(token)).key;
    await t.db
      .update(users)
      .set({ status: 0 })
      .where(eq(users.id, await userIdByEmail(t.db, agency.email)));
    const byKey = await call(key, 'GET', '/api/order');
    const bySession = await call(token, 'GET', '/api/order');
    expect([byKey.statusCode, byKey.json().message]).toEqual([403, messages.accountDeactivated]);
    expect([byKey.statusCode, byKey.json()]).toEqual([bySession.statusCode, bySession.json()]);
  });

  it('records its use at most once a minute: two calls in a row write last_used_at once', async () => {
    const created = await createKey(tok.agencyB);
    const row = async () =>
      (
        (await t.db.execute(sql`select xmin::text as version, last_used_at from api_keys where id = ${created.id}`)) as unknown as {
          rows: { version: string; last_used_at: string | Date | null }[];
        }
      ).rows[0]!;
    const before = await row();
    expect(before.last_used_at).toBeNull();
    expect((await call(created.key, 'GET', '/api/order')).statusCode).toBe(200);
    const first = await row();
    expect(first.last_used_at).not.toBeNull();
    expect(first.version).not.toBe(before.version);
    expect((await call(created.key, 'GET', '/api/order')).statusCode).toBe(200);
    const second = await row();
    // No write at all: the row version (xmin) is the same.
    expect(second).toEqual(first);
    // A minute later (the column moved back), the next call records it again.
    await t.db.execute(sql`update api_keys set last_used_at = now() - interval '61 seconds' where id = ${created.id}`);
    const moved = await row();
    expect((await call(created.key, 'GET', '/api/order')).statusCode).toBe(200);
    const third = await row();
    expect(third.version).not.toBe(moved.version);
    expect(new Date(third.last_used_at!).getTime()).toBeGreaterThan(new Date(moved.last_used_at!).getTime());
    const listed = (await call(tok.agencyB, 'GET', '/api/api-keys')).json().data.find((k: { id: number }) => k.id === created.id);
    expect(new Date(listed.last_used_at).getTime()).toBe(new Date(third.last_used_at!).getTime());
  });
});

describe('the per-key rate limit', () => {
  it('answers 429 with Retry-After past the limit, per key, and leaves sessions alone', async () => {
    const limited = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const session = await loginAs(limited.app, 'agency@example.com');
      const make = async () => {
        const res = await limited.app.inject({ method: 'POST', url: '/api/api-keys', headers: bearer(session), payload: { name: 'Limited' } });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().key as string;
      };
      const [first, second] = [await make(), await make()];
      const get = (token: string) => limited.app.inject({ method: 'GET', url: '/api/order', headers: bearer(token) });
      for (let i = 0; i < 3; i++) expect((await get(first)).statusCode).toBe(200);
      const over = await get(first);
      expect([over.statusCode, over.json().code]).toEqual([429, 'rate_limit.exceeded']);
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await get(second)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await get(session)).statusCode).toBe(200);
      // The counts reach the key's shared bucket (lib/rate-limit-store.ts's table), where every instance reads them.
      const bucket = async (id: number) =>
        (
          (await limited.db.execute(sql`select count from rate_limit_buckets where key = ${`api-key:${id}`} and window_ends_at > now()`)) as unknown as {
            rows: { count: number }[];
          }
        ).rows[0]?.count ?? 0;
      const ids = (await limited.db.select({ id: apiKeys.id, hash: apiKeys.keyHash }).from(apiKeys)).map((k) => k.id);
      await expect.poll(async () => (await Promise.all(ids.map(bucket))).sort(), { timeout: 10_000 }).toEqual([1, 3]);
      // Requests another instance counted in a key's bucket refuse it here too.
      const third = await make();
      const thirdId = (
        await limited.db
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(eq(apiKeys.keyHash, createHash('sha256').update(third).digest('hex')))
      )[0]!.id;
      await limited.db.execute(
        sql`insert into rate_limit_buckets (key, window_start, window_ends_at, count) values (${`api-key:${thirdId}`}, now(), now() + interval '30 seconds', 3)`,
      );
      const elsewhere = await get(third);
      expect(elsewhere.statusCode).toBe(429);
      expect(Number(elsewhere.headers['retry-after'])).toBeGreaterThanOrEqual(25);
      expect(Number(elsewhere.headers['retry-after'])).toBeLessThanOrEqual(30);
    } finally {
      await limited.close();
    }
  });
});
