import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { accessTokens, authThrottle, oneTimeTokens, users } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, latestEmailTo, linkIn, signUpPayload, uniqueEmail, userIdByEmail } from '../../test/helpers.js';
import { createLoginLink, issueOneTimeToken, SET_PASSWORD_TTL_MS } from './auth.service.js';
import { MAX_FAILURES_PER_EMAIL_AND_ADDRESS } from './login-throttle.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const getInfo = (token: string) => t.app.inject({ method: 'GET', url: '/api/getInfo', headers: bearer(token) });

describe('POST /api/register', () => {
  it('creates an unverified agency and queues a verification email', async () => {
    const payload = signUpPayload();
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(messages.signedUp);
    expect(body.user).toMatchObject({ name: 'Ada Lovelace', email: payload.sign.email, roles: [{ name: 'agency' }], email_verified_at: null, status: 1 });
    expect(body.token).toBeUndefined();
    const mail = await latestEmailTo(t.app, payload.sign.email);
    expect(mail?.subject).toBe('Verify your email address');
    expect(mail?.html).toContain('/api/email/verify/');
    const [row] = await t.db.select().from(users).where(eq(users.email, payload.sign.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.utms).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'launch' });
  });

  it('lists every missing required field with the spec message', async () => {
    const res = await post('/api/register', { sign: { name: '   ' } });
    expect(res.statusCode).toBe(422);
    const { errors, message } = res.json();
    expect(message).toBe(messages.requiredFields);
    for (const key of ['sign.password', 'sign.confirmPassword', 'sign.name', 'sign.email', 'sign.countryCode', 'sign.contact_number']) {
      expect(errors[key]).toEqual([messages.requiredFields]);
    }
  });

  it.each([
    [{ password: 'short', confirmPassword: 'short' }, 'sign.password', messages.passwordTooShort],
    [{ password: '        x', confirmPassword: '       ' }, 'sign.password', messages.passwordTooShort],
    [{ password: 'long enough', confirmPassword: 'long enougH' }, 'sign.confirmPassword', messages.passwordsDoNotMatch],
    [{ termsandcondition: false }, 'sign.termsandcondition', messages.acceptTerms],
    [{ email: 'not-an-email' }, 'sign.email', messages.emailNotCorrect],
    [{ contact_number: '+4412' }, 'sign.contact_number', messages.phoneInvalid],
  ])('rejects %o at %s', async (overrides, key, text) => {
    const payload = signUpPayload(overrides);
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[key]).toEqual([text]);
    const [row] = await t.db.select().from(users).where(eq(users.email, payload.sign.email));
    expect(row).toBeUndefined();
  });

  it('refuses a taken email with the Laravel message, whatever its case', async () => {
    const payload = signUpPayload({ email: 'Agency@Example.com' });
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['sign.email']).toEqual([messages.emailTaken]);
  });

  it('lets exactly one of two simultaneous sign-ups for one email through', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([post('/api/register', signUpPayload({ email })), post('/api/register', signUpPayload({ email }))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it('answers wrong types, malformed JSON and oversized bodies with 4xx and a message', async () => {
    const wrongType = await post('/api/register', { sign: { ...signUpPayload().sign, name: 42, termsandcondition: 'yes' } });
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors)).toEqual(expect.arrayContaining(['sign.name', 'sign.termsandcondition']));

    const malformed = await post('/api/register', '{"sign": {', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(messages.malformedJson);

    const huge = await post('/api/register', { sign: { ...signUpPayload().sign, name: 'x'.repeat(2 * 1024 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(messages.payloadTooLarge);

    const long = await post('/api/register', signUpPayload({ name: 'x'.repeat(251) }));
    expect(long.statusCode).toBe(422);
    expect(long.json().errors['sign.name']).toEqual([messages.fieldTooLong(250)]);

    const notObject = await post('/api/register', [1, 2, 3]);
    expect(notObject.statusCode).toBe(422);
  });
});

describe('email verification', () => {
  it('verifies through the emailed link once, then redirects to sign-in with a notice', async () => {
    const payload = signUpPayload();
    await post('/api/register', payload);
    expect((await post('/api/email/checkverify', { email: payload.sign.email })).json()).toEqual({ verified: false, message: messages.emailNotVerifiedYet });
    const mail = await latestEmailTo(t.app, payload.sign.email);
    const link = new URL(linkIn(mail!.text, /http\S+\/api\/email\/verify\/\S+/));
    expect(link.origin).toBe('http://copydesk.test');

    const first = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/login?verified=1');
    expect((await post('/api/email/checkverify', { email: payload.sign.email })).json().verified).toBe(true);

    const again = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(again.headers.location).toBe(`/login?error=${encodeURIComponent(messages.invalidVerifyLink)}`);
    expect((await post('/api/login', { email: payload.sign.email, password: payload.sign.password })).statusCode).toBe(200);
  });

  it('resends a fresh link and retires the older one', async () => {
    const payload = signUpPayload();
    await post('/api/register', payload);
    const old = linkIn((await latestEmailTo(t.app, payload.sign.email))!.text, /\/api\/email\/verify\/\S+/);
    const res = await post('/api/email/resendVerify', { email: payload.sign.email });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.verificationSent);
    const fresh = linkIn((await latestEmailTo(t.app, payload.sign.email))!.text, /\/api\/email\/verify\/\S+/);
    expect(fresh).not.toBe(old);
    expect((await t.app.inject({ method: 'GET', url: old })).headers.location).toContain('/login?error=');
    expect((await t.app.inject({ method: 'GET', url: fresh })).headers.location).toBe('/login?verified=1');
    const after = await post('/api/email/resendVerify', { email: payload.sign.email });
    expect(after.statusCode).toBe(422);
    expect(after.json().message).toBe(messages.emailAlreadyVerified);
  });

  it('checks the email format and unknown addresses', async () => {
    expect((await post('/api/email/resendVerify', { email: 'nope' })).json().errors.email).toEqual([messages.emailNotCorrect]);
    expect((await post('/api/email/checkverify', { email: uniqueEmail() })).statusCode).toBe(422);
  });
});

describe('POST /api/login', () => {
  it('returns a token and the user with every profile field, and counts logins', async () => {
    const before = (await t.db.select().from(users).where(eq(users.email, demo.agency)))[0]!.loginCount;
    const res = await post('/api/login', { email: 'AGENCY@example.com ', password: demo.password });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user).toMatchObject({
      email: demo.agency,
      roles: [{ name: 'agency' }],
      status: 1,
      login_count: before + 1,
      order_count: 0,
      company_name: 'Acme Media',
      group: 'Acme Media',
    });
    expect(user.email_verified_at).toEqual(expect.any(String));
    expect(user).not.toHaveProperty('passwordHash');
    // Stored hashed, never in clear.
    const rows = await t.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const clear = await t.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, token));
    expect(clear).toHaveLength(0);
  });

  it('gives 12-hour sessions, or 30 days with remember-me', async () => {
    const hours = async (remember: boolean) => {
      const { token } = (await post('/api/login', { email: demo.admin, password: demo.password, remember })).json();
      const [row] = await t.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, hashToken(token)));
      return (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    };
    expect(await hours(false)).toBeCloseTo(12, 0);
    expect(await hours(true)).toBeCloseTo(720, 0);
  });

  it('refuses an unverified account with 403 and no token', async () => {
    const payload = signUpPayload();
    await post('/api/register', payload);
    const res = await post('/api/login', { email: payload.sign.email, password: payload.sign.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.verifyEmailFirst });
  });

  it('refuses wrong credentials and validates the payload', async () => {
    const wrong = await post('/api/login', { email: demo.associate, password: 'wrong password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(messages.invalidCredentials);
    const unknown = await post('/api/login', { email: uniqueEmail(), password: 'whatever1' });
    expect(unknown.json().message).toBe(messages.invalidCredentials);
    const invalid = await post('/api/login', { email: 'bad', password: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ email: [messages.emailNotCorrect], password: [messages.fieldRequired] });
  });

  it('stops a deactivated account from signing in, and its tokens stop working', async () => {
    const account = await createVerifiedAgency(t.app);
    const token = await loginAs(t.app, account.email, account.password);
    expect((await getInfo(token)).statusCode).toBe(200);
    await t.db.update(users).set({ status: 0 }).where(eq(users.email, account.email));
    const info = await getInfo(token);
    expect(info.statusCode).toBe(403);
    expect(info.json().message).toBe(messages.accountDeactivated);
    const login = await post('/api/login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: messages.accountDeactivated });
  });

  it('answers 429 after 10 failures for one email from one address, and only for a while', async () => {
    const account = await createVerifiedAgency(t.app);
    const remote = { remoteAddress: '203.0.113.7' };
    const attempt = (password: string, email = account.email) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, ...remote });
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) expect((await attempt('wrong password')).statusCode).toBe(422);
    const blocked = await attempt(account.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(messages.tooManyLogins);
    // Another address is not affected, nor another account from this address.
    expect((await post('/api/login', { email: account.email, password: account.password })).statusCode).toBe(200);
    expect((await attempt(demo.password, demo.associate)).statusCode).toBe(200);
    // When the window ends the real user gets in again.
    await t.db.update(authThrottle).set({ windowEndsAt: sql`now() - interval '1 second'` });
    expect((await attempt(account.password)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('needs a valid bearer token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/getInfo' })).statusCode).toBe(401);
    const bad = await getInfo('x'.repeat(43));
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(messages.unauthenticated);
  });

  it('logout revokes exactly the token used', async () => {
    const a = await loginAs(t.app, demo.associate);
    const b = await loginAs(t.app, demo.associate);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(a) });
    expect(res.statusCode).toBe(200);
    expect((await getInfo(a)).statusCode).toBe(401);
    expect((await getInfo(b)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
  });

  it('expired tokens stop working', async () => {
    const token = await loginAs(t.app, demo.admin);
    await t.db.update(accessTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(accessTokens.tokenHash, hashToken(token)));
    expect((await getInfo(token)).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the email exists', async () => {
    const known = await post('/api/forgot-password', { email: demo.associate });
    const unknown = await post('/api/forgot-password', { email: uniqueEmail() });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(messages.resetEmailSent);
    expect((await post('/api/forgot-password', { email: 'nope' })).json().errors.email).toEqual([messages.emailNotCorrect]);
  });

  it('resets through the emailed link once, revoking every session', async () => {
    const account = await createVerifiedAgency(t.app);
    const session = await loginAs(t.app, account.email, account.password);
    await post('/api/forgot-password', { email: account.email });
    const mail = await latestEmailTo(t.app, account.email);
    expect(mail!.subject).toBe('Reset your password');
    const link = new URL(linkIn(mail!.text, /http\S+\/password\/reset\/\S+/));
    expect(link.searchParams.get('email')).toBe(account.email);
    const token = link.pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits of base64url

    const body = { email: account.email, token, password: 'brand new pass', password_confirmation: 'brand new pass' };
    const res = await post('/api/password/reset', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.passwordChanged);
    expect((await getInfo(session)).statusCode).toBe(401);
    expect((await post('/api/login', { email: account.email, password: account.password })).statusCode).toBe(422);
    expect((await post('/api/login', { email: account.email, password: 'brand new pass' })).statusCode).toBe(200);

    const reuse = await post('/api/password/reset', { ...body, password: 'another pass 1', password_confirmation: 'another pass 1' });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.token).toEqual([messages.invalidResetToken]);
  });

  it('refuses an expired link, a link for another email, and invalid passwords', async () => {
    const account = await createVerifiedAgency(t.app);
    await post('/api/forgot-password', { email: account.email });
    const token = linkIn((await latestEmailTo(t.app, account.email))!.text, /\/password\/reset\/[^?\s]+/).split('/').pop()!;
    const body = { email: account.email, token, password: 'brand new pass', password_confirmation: 'brand new pass' };

    expect((await post('/api/password/reset', { ...body, email: demo.agency })).statusCode).toBe(422);
    expect((await post('/api/password/reset', { ...body, password_confirmation: 'different pass' })).json().errors.password_confirmation).toEqual([
      messages.passwordsDoNotMatch,
    ]);
    expect((await post('/api/password/reset', { ...body, password: 'short', password_confirmation: 'short' })).json().errors.password).toEqual([
      messages.passwordTooShort,
    ]);
    const missing = await post('/api/password/reset', { email: account.email });
    expect(missing.json().errors).toMatchObject({ password: [messages.requiredFields], token: [messages.requiredFields] });

    await t.db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const expired = await post('/api/password/reset', body);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.token).toEqual([messages.invalidResetToken]);
  });

  it('keeps reset links valid for 60 minutes', async () => {
    await post('/api/forgot-password', { email: demo.admin });
    const id = await userIdByEmail(t.db, demo.admin);
    const [row] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, id)).orderBy(sql`${oneTimeTokens.id} desc`).limit(1);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
  });
});

describe('POST /api/password/set', () => {
  it('sets the first password of an invited user and verifies the email', async () => {
    const email = uniqueEmail('invited');
    const [user] = await t.db.insert(users).values({ name: 'Invited', email, role: 'agency' }).returning();
    const token = await issueOneTimeToken(t.db, user!.id, 'set_password', SET_PASSWORD_TTL_MS);
    const res = await post('/api/password/set', { email, token, password: 'first password', password_confirmation: 'first password' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.passwordSaved);
    const login = await post('/api/login', { email, password: 'first password' });
    expect(login.statusCode).toBe(200);
    // A reset token does not work as a set-password token.
    const other = await issueOneTimeToken(t.db, user!.id, 'reset_password', 60_000);
    expect((await post('/api/password/set', { email, token: other, password: 'second password', password_confirmation: 'second password' })).json().errors.token).toEqual([
      messages.invalidSetPasswordToken,
    ]);
  });
});

describe('POST /api/update/password', () => {
  it('changes the password, keeps this session and revokes the others', async () => {
    const account = await createVerifiedAgency(t.app);
    const current = await loginAs(t.app, account.email, account.password);
    const other = await loginAs(t.app, account.email, account.password);
    const headers = bearer(current);

    const mismatch = await post('/api/update/password', { password: 'new password 1', password_confirmation: 'new password 2' }, headers);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(messages.passwordChangeMismatch);
    expect((await post('/api/update/password', { password: '' }, headers)).json().message).toBe(messages.requiredFields);
    expect((await post('/api/update/password', { password: 'short' }, headers)).json().message).toBe(messages.passwordTooShort);

    const ok = await post('/api/update/password', { password: 'new password 1', password_confirmation: 'new password 1' }, headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.passwordChanged);
    expect((await getInfo(current)).statusCode).toBe(200);
    expect((await getInfo(other)).statusCode).toBe(401);
    expect((await post('/api/login', { email: account.email, password: 'new password 1' })).statusCode).toBe(200);
    expect((await post('/api/update/password', { password: 'new password 1' })).statusCode).toBe(401);
  });
});

describe('GET /api/getuserbytoken/:token', () => {
  it('signs in once from an emailed link, even before verification', async () => {
    const payload = signUpPayload();
    await post('/api/register', payload);
    const id = await userIdByEmail(t.db, payload.sign.email);
    const link = await createLoginLink(t.db, id);
    const res = await t.app.inject({ method: 'GET', url: `/api/getuserbytoken/${link}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id, email_verified_at: null });
    expect((await getInfo(res.json().token)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'GET', url: `/api/getuserbytoken/${link}` });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(messages.invalidLoginLink);
    expect((await t.app.inject({ method: 'GET', url: '/api/getuserbytoken/short' })).statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const payload = signUpPayload({ password: 'Sup3r-Secret-PW', confirmPassword: 'Sup3r-Secret-PW' });
    await post('/api/register', payload);
    const token = await loginAs(t.app, demo.agency);
    await getInfo(token);
    t.app.log.info({ body: { password: 'Sup3r-Secret-PW', sign: { confirmPassword: 'Sup3r-Secret-PW' }, cardNumber: '4242424242424242', token } }, 'probe');
    const all = t.logs.join('');
    expect(all).toContain('probe');
    expect(all).toContain('[redacted]');
    expect(all).not.toContain('Sup3r-Secret-PW');
    expect(all).not.toContain('4242424242424242');
    expect(all).not.toContain(token);
  });
});
