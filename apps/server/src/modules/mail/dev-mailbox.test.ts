import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { users } from '../../db/schema/index.js';
import { hashPassword } from '../../lib/passwords.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { uniqueEmail } from '../../test/helpers.js';

/** The dev mailbox holds password-reset links of every account: only this machine or an admin reads it. */

const REMOTE = '203.0.113.9';
const API = '/api/dev/outbox';
const PAGE = '/dev/mailbox';

let web: string;
let t: TestApp;
let tokens: { admin: string; agency: string };
beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Copydesk</title><div id="root"></div>');
  t = await createTestApp({ WEB_DIST_DIR: web });
  tokens = { admin: await loginAs(t.app, demo.admin), agency: await loginAs(t.app, demo.agency) };
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

type Caller = { remoteAddress?: string; headers?: Record<string, string> };
const api = (app: TestApp['app'], caller: Caller = {}) => app.inject({ method: 'GET', url: API, ...caller });
const page = (app: TestApp['app'], caller: Caller = {}) => app.inject({ method: 'GET', url: PAGE, ...caller });

/** 404 `{message}` from the API, a plain 404 (not the web app) for the page. */
async function expectHidden(app: TestApp['app'], caller: Caller, label: string) {
  const res = await api(app, caller);
  expect(res.statusCode, `${label}: API`).toBe(404);
  expect(res.json(), `${label}: API`).toEqual({ code: 'request.not_found', message: messages.notFound });
  const html = await page(app, caller);
  expect(html.statusCode, `${label}: page`).toBe(404);
  expect(html.headers['content-type'], `${label}: page`).toMatch(/^text\/plain/);
  expect(html.body, `${label}: page`).not.toContain('<div id="root">');
}

async function expectShown(app: TestApp['app'], caller: Caller, label: string) {
  const res = await api(app, caller);
  expect(res.statusCode, `${label}: API`).toBe(200);
  expect(res.json().data, `${label}: API`).toEqual(expect.any(Array));
  const html = await page(app, caller);
  expect(html.statusCode, `${label}: page`).toBe(200);
  expect(html.body, `${label}: page`).toContain('<div id="root">');
}

describe('dev mailbox (development, no SMTP)', () => {
  it('answers this machine and hides itself from a remote caller', async () => {
    await expectShown(t.app, {}, 'loopback');
    await expectShown(t.app, { remoteAddress: '::1' }, 'loopback IPv6');
    await expectShown(t.app, { remoteAddress: '::ffff:127.0.0.1' }, 'loopback IPv4-mapped');
    await expectHidden(t.app, { remoteAddress: REMOTE }, 'remote');
    await expectHidden(t.app, { remoteAddress: '10.0.0.7' }, 'private network');
  });

  it('hides itself from loopback requests that a proxy forwarded', async () => {
    const viaProxy: Record<string, string>[] = [
      { 'x-forwarded-for': REMOTE },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: `for=${REMOTE};proto=https` },
      { 'x-real-ip': REMOTE },
      { 'x-forwarded-host': 'copydesk.test' },
      { via: '1.1 proxy' },
    ];
    for (const headers of viaProxy) {
      await expectHidden(t.app, { headers }, JSON.stringify(headers));
    }
  });

  it('hides itself from a page whose site name was rebound to 127.0.0.1', async () => {
    await expectHidden(t.app, { headers: { host: 'attacker.example:3000' } }, 'foreign host');
    await expectShown(t.app, { headers: { host: '127.0.0.1:3000' } }, 'IP host');
    await expectShown(t.app, { headers: { host: 'copydesk.test' } }, 'PUBLIC_URL host');
  });

  it('answers a signed-in admin from anywhere, and no other signed-in role', async () => {
    await expectShown(t.app, { remoteAddress: REMOTE, headers: bearer(tokens.admin) }, 'remote admin');
    await expectShown(t.app, { remoteAddress: REMOTE, headers: { ...bearer(tokens.admin), 'x-forwarded-for': REMOTE } }, 'admin via proxy');
    await expectHidden(t.app, { remoteAddress: REMOTE, headers: bearer(tokens.agency) }, 'remote agency');
    await expectHidden(t.app, { remoteAddress: REMOTE, headers: bearer('not-a-real-token-but-long-enough') }, 'unknown token');
  });

  it('refuses a deactivated admin', async () => {
    const email = uniqueEmail('admin');
    await t.db
      .insert(users)
      .values({ name: 'Second Admin', email, passwordHash: await hashPassword('admin pass 123'), role: 'admin', emailVerifiedAt: new Date() });
    const token = await loginAs(t.app, email, 'admin pass 123');
    await expectShown(t.app, { remoteAddress: REMOTE, headers: bearer(token) }, 'active admin');
    await t.db.update(users).set({ status: 0 }).where(eq(users.email, email));
    await expectHidden(t.app, { remoteAddress: REMOTE, headers: bearer(token) }, 'deactivated admin');
  });

  it('looks at the socket, not at request.ip, when the server trusts a proxy', async () => {
    const proxied = await createTestApp({ WEB_DIST_DIR: web, TRUST_PROXY: 'true' });
    try {
      // request.ip would say 127.0.0.1 here.
      await expectHidden(proxied.app, { remoteAddress: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } }, 'spoofed loopback');
      await expectShown(proxied.app, {}, 'loopback');
    } finally {
      await proxied.close();
    }
  });
});

describe('dev mailbox in production', () => {
  it('does not exist, even for this machine', async () => {
    const production = await createTestApp({
      WEB_DIST_DIR: web,
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      APP_KEY: 'k'.repeat(32),
    });
    try {
      await expectHidden(production.app, {}, 'production loopback');
      // The rest of the web app is still served.
      expect((await production.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
