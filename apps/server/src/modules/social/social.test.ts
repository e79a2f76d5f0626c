import net from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { bearer, createTestApp, demo, type TestApp } from '../../test/harness.js';
import { usersRepository } from '../users/users.repository.js';
import { sealPending, unsealPending } from './social.service.js';

/**
 * Google sign-in end to end against a local OpenID provider: the app's redirect, the provider's
 * authorize endpoint, the callback, the hand-off page's token exchange.
 */

let oidc: OAuth2Server;
let t: TestApp;
const CALLBACK = 'http://copydesk.test/api/socialcallback';
const loginError = (message: string) => `/login?error=${encodeURIComponent(message)}`;

interface Claims {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
}

/** Shapes every token the provider signs next (access and ID token) until the test ends. */
function providerSays(claims: Claims) {
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(await freePort(), '127.0.0.1');
  t = await createTestApp({ GOOGLE_CLIENT_ID: 'copydesk', GOOGLE_CLIENT_SECRET: 'secret', OIDC_ISSUER: oidc.issuer.url! });
});
afterEach(() => {
  oidc.service.removeAllListeners('beforeTokenSigning');
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

const pendingCookie = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;

/** The browser's trip: our redirect → the provider → back to our callback (with the cookie). */
async function startAtProvider(app = t.app) {
  const start = await app.inject({ method: 'GET', url: '/api/socialredirect' });
  expect(start.statusCode).toBe(302);
  const cookie = pendingCookie(start.headers['set-cookie']);
  const authorize = await fetch(start.headers.location!, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return { start, cookie, back };
}

async function signInWithGoogle(claims: Claims) {
  providerSays(claims);
  const { cookie, back } = await startAtProvider();
  return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
}

/** The /social-login/<token> page's call. */
const exchange = (token: string) => t.app.inject({ method: 'GET', url: `/api/getGoogleLogin/${token}` });

function handOffToken(location: string | undefined): string {
  const match = /^\/social-login\/([A-Za-z0-9_-]{20,})$/.exec(location ?? '');
  expect(match, `redirected to ${location}`).not.toBeNull();
  return match![1]!;
}

describe('Google sign-in', () => {
  it('sends the browser to the provider with PKCE, state and nonce, keeping them in an httpOnly cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/socialredirect' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location!);
    expect(`${url.origin}${url.pathname}`).toBe(`${oidc.issuer.url}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('copydesk');
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^copydesk_oidc=[A-Za-z0-9_-]+;/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/socialcallback');
    // The cookie hides the verifier: neither it nor the state appear in clear.
    expect(cookie).not.toContain(url.searchParams.get('state')!);
  });

  it('creates a verified agency for a new Google user and signs it in through the one-time token', async () => {
    const res = await signInWithGoogle({
      sub: 'google-new-1',
      email: 'New.Person@Gmail.com',
      email_verified: true,
      name: 'New Person',
      picture: 'https://lh3.googleusercontent.com/a/new-person',
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers['set-cookie'])).toMatch(/^copydesk_oidc=;.*Max-Age=0/);
    const token = handOffToken(res.headers.location);

    const login = await exchange(token);
    expect(login.statusCode).toBe(200);
    const { token: bearerToken, user } = login.json();
    expect(user).toMatchObject({
      name: 'New Person',
      email: 'new.person@gmail.com',
      roles: [{ name: 'agency' }],
      status: 1,
      login_count: 1,
      google_pic: 'https://lh3.googleusercontent.com/a/new-person',
    });
    expect(user.email_verified_at).not.toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/getInfo', headers: bearer(bearerToken) });
    expect(me.json().user.id).toBe(user.id);

    const row = await usersRepository.findById(t.db, user.id);
    expect(row).toMatchObject({ googleSub: 'google-new-1', passwordHash: null, role: 'agency' });

    // The hand-off token works once.
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(messages.socialFailed);
  });

  it('signs a returning Google user into the same account, even after the email changed at Google', async () => {
    const before = await usersRepository.findByGoogleSub(t.db, 'google-new-1');
    const res = await signInWithGoogle({ sub: 'google-new-1', email: 'renamed@gmail.com', email_verified: true, name: 'New Person' });
    const { user } = (await exchange(handOffToken(res.headers.location))).json();
    expect(user.id).toBe(before!.id);
    expect(user.email).toBe('new.person@gmail.com');
    expect(user.login_count).toBe(2);
    expect(await usersRepository.findByEmail(t.db, 'renamed@gmail.com')).toBeNull();
  });

  it('links an existing account by its verified email and keeps its role', async () => {
    const agency = (await usersRepository.findByEmail(t.db, demo.agency))!;
    expect(agency.googleSub).toBeNull();
    const res = await signInWithGoogle({ sub: 'google-agency', email: demo.agency, email_verified: true, name: 'Someone Else' });
    const { user } = (await exchange(handOffToken(res.headers.location))).json();
    expect(user).toMatchObject({ id: agency.id, name: agency.name, roles: [{ name: 'agency' }] });
    expect((await usersRepository.findById(t.db, agency.id))!.googleSub).toBe('google-agency');
  });

  it('verifies an unverified account when Google vouches for the address', async () => {
    const pending = await usersRepository.insert(t.db, { name: 'Pending', email: 'pending@example.com', role: 'agency' });
    const res = await signInWithGoogle({ sub: 'google-pending', email: 'pending@example.com', email_verified: 'true' });
    const { user } = (await exchange(handOffToken(res.headers.location))).json();
    expect(user.id).toBe(pending.id);
    expect(user.email_verified_at).not.toBeNull();
  });

  it('does not hand an existing account to a Google identity whose email Google has not verified', async () => {
    const res = await signInWithGoogle({ sub: 'google-impostor', email: demo.admin, email_verified: false, name: 'Impostor' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(loginError(messages.socialNoAccount));
    expect((await usersRepository.findByEmail(t.db, demo.admin))!.googleSub).toBeNull();
    expect(await usersRepository.findByGoogleSub(t.db, 'google-impostor')).toBeNull();
  });

  it('creates an unverified agency when Google has not verified a new address', async () => {
    const res = await signInWithGoogle({ sub: 'google-unverified', email: 'fresh@example.org', email_verified: false });
    const { user } = (await exchange(handOffToken(res.headers.location))).json();
    expect(user).toMatchObject({ email: 'fresh@example.org', name: 'fresh', email_verified_at: null, roles: [{ name: 'agency' }] });
  });

  it('sends a deactivated account back to /login with the reason and no token', async () => {
    const closed = await usersRepository.insert(t.db, {
      name: 'Closed',
      email: 'closed@example.com',
      role: 'agency',
      status: 0,
      googleSub: 'google-closed',
      emailVerifiedAt: new Date(),
    });
    const res = await signInWithGoogle({ sub: 'google-closed', email: 'closed@example.com', email_verified: true });
    expect(res.headers.location).toBe(loginError(messages.accountDeactivated));
    expect((await usersRepository.findById(t.db, closed.id))!.loginCount).toBe(0);
  });

  it('refuses a callback whose state was tampered with, creating nobody', async () => {
    providerSays({ sub: 'google-tampered', email: 'tampered@example.com', email_verified: true });
    const { cookie, back } = await startAtProvider();
    back.searchParams.set('state', 'attacker-chosen-state');
    const res = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(loginError(messages.socialFailed));
    expect(await usersRepository.findByEmail(t.db, 'tampered@example.com')).toBeNull();
  });

  it('refuses a callback without the cookie, with a forged cookie, or from another browser’s sign-in', async () => {
    providerSays({ sub: 'google-cookie', email: 'cookie@example.com', email_verified: true });
    const mine = await startAtProvider();
    const theirs = await startAtProvider();
    const url = `${mine.back.pathname}${mine.back.search}`;
    const forged = `copydesk_oidc=${'A'.repeat(120)}`;
    for (const headers of [{}, { cookie: forged }, { cookie: theirs.cookie }]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.headers.location, JSON.stringify(headers)).toBe(loginError(messages.socialFailed));
    }
    expect(await usersRepository.findByEmail(t.db, 'cookie@example.com')).toBeNull();
  });

  it('cannot replay a finished callback', async () => {
    providerSays({ sub: 'google-replay', email: 'replay@example.com', email_verified: true });
    const { cookie, back } = await startAtProvider();
    const url = `${back.pathname}${back.search}`;
    const first = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    handOffToken(first.headers.location);
    const second = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(second.headers.location).toBe(loginError(messages.socialFailed));
  });

  it('sends the user back to /login when they cancel at Google', async () => {
    const { cookie, back } = await startAtProvider();
    const url = `/api/socialcallback?error=access_denied&state=${back.searchParams.get('state')}`;
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(res.headers.location).toBe(loginError(messages.socialFailed));
  });

  it('never answers the callback with JSON, whatever the query', async () => {
    for (const url of ['/api/socialcallback', '/api/socialcallback?code=a&code=b&state=x', `/api/socialcallback?code=${'x'.repeat(3000)}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(loginError(messages.socialFailed));
    }
  });

  it('marks the cookie Secure when the portal is served over https', async () => {
    const https = await createTestApp({
      GOOGLE_CLIENT_ID: 'copydesk',
      GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: oidc.issuer.url!,
      PUBLIC_URL: 'https://portal.example.com',
    });
    try {
      const res = await https.app.inject({ method: 'GET', url: '/api/socialredirect' });
      expect(String(res.headers['set-cookie'])).toContain('; Secure');
      expect(new URL(res.headers.location!).searchParams.get('redirect_uri')).toBe('https://portal.example.com/api/socialcallback');
    } finally {
      await https.close();
    }
  });
});

describe('Google sign-in not available', () => {
  it('leads back to /login with a clear message when no client id is configured', async () => {
    const plain = await createTestApp();
    try {
      for (const url of ['/api/socialredirect', '/api/socialcallback?code=x&state=y']) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(loginError(messages.socialNotConfigured));
      }
    } finally {
      await plain.close();
    }
  });

  it('leads back to /login when the provider cannot be reached, and recovers once it can', async () => {
    const port = await freePort();
    const down = await createTestApp({ GOOGLE_CLIENT_ID: 'copydesk', GOOGLE_CLIENT_SECRET: 'secret', OIDC_ISSUER: `http://127.0.0.1:${port}` });
    const late = new OAuth2Server();
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/socialredirect' });
      expect(res.headers.location).toBe(loginError(messages.socialFailed));
      await late.issuer.keys.generate('RS256');
      await late.start(port, '127.0.0.1');
      // The mock names itself by host name; the app was configured with the address.
      late.issuer.url = `http://127.0.0.1:${port}`;
      const retry = await down.app.inject({ method: 'GET', url: '/api/socialredirect' });
      expect(retry.headers.location).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/authorize\\?`));
    } finally {
      await down.close();
      await late.stop().catch(() => {});
    }
  });
});

describe('the pending sign-in cookie', () => {
  const pending = { verifier: 'v'.repeat(43), state: 's1', nonce: 'n1', expires: Date.now() + 60_000 };

  it('opens only with the same secret, untampered and unexpired', () => {
    const sealed = sealPending('secret', pending);
    expect(unsealPending('secret', sealed)).toEqual(pending);
    expect(unsealPending('other-secret', sealed)).toBeNull();
    const flipped = Buffer.from(sealed, 'base64url');
    flipped[flipped.length - 1] ^= 1;
    expect(unsealPending('secret', flipped.toString('base64url'))).toBeNull();
    expect(unsealPending('secret', sealed, pending.expires + 1)).toBeNull();
    expect(unsealPending('secret', undefined)).toBeNull();
    expect(unsealPending('secret', 'not base64 at all!')).toBeNull();
  });
});
