import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, securityMessages } from '@copydesk/shared';
import { accessTokens, authThrottle, oneTimeTokens, orders, outboxEmails, users } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { createVerifiedAgency, latestEmailTo, linkIn, signUpPayload, uniqueEmail, userIdByEmail } from '../../test/helpers.js';
import { createLoginLink, issueAccessToken, issueOneTimeToken, NEUTRAL_ANSWER_MS, SET_PASSWORD_TTL_MS } from './auth.service.js';
import { EMAILS_PER_ACCOUNT_PER_HOUR } from './email-quota.js';
import { ACCOUNT_UNDER_ATTACK, MAX_FAILURES_PER_EMAIL_AND_ADDRESS } from './login-throttle.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const getInfo = (token: string) => t.app.inject({ method: 'GET', url: '/api/getInfo', headers: bearer(token) });
/** A POST from a given network address (each test uses its own, so address counters do not add up across tests). */
const postFrom = (remoteAddress: string, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
/**
 * A new agency signed up from a network address of its own (sign-ups are limited per address, and
 * this file signs up many), verified unless told otherwise.
 */
let signUps = 0;
async function newAccount(options: { verified?: boolean } = {}) {
  signUps += 1;
  const payload = signUpPayload();
  const res = await postFrom(`10.20.${Math.floor(signUps / 250)}.${(signUps % 250) + 1}`, '/api/register', payload);
  expect(res.statusCode).toBe(201);
  if (options.verified !== false) {
    const mail = await latestEmailTo(t.app, payload.sign.email);
    await t.app.inject({ method: 'GET', url: new URL(linkIn(mail!.text, /http\S+\/api\/email\/verify\/\S+/)).pathname });
  }
  return { email: payload.sign.email, password: payload.sign.password };
}
/** The `Cookie` header a browser would send back to checkverify after this answer. */
const signupCookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;
const emailsTo = async (to: string) => (await t.db.select({ n: count() }).from(outboxEmails).where(eq(outboxEmails.to, to)))[0]!.n;

describe('POST /api/register', () => {
  it('creates an unverified agency and queues a verification email', async () => {
    const payload = signUpPayload();
    const res = await post('/api/register', payload);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(messages.signedUp);
    // Nothing about the account in the answer: it is the same for a taken address.
    expect(body.user).toBeNull();
    expect(body.token).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(
      /^copydesk_signup=\d+\.[\w-]{43}; Path=\/api\/email\/checkverify; Max-Age=86400; HttpOnly; SameSite=Strict$/,
    );
    const mail = await latestEmailTo(t.app, payload.sign.email);
    expect(mail?.subject).toBe('Verify your email address');
    expect(mail?.html).toContain('/api/email/verify/');
    const [row] = await t.db.select().from(users).where(eq(users.email, payload.sign.email));
    expect(row).toMatchObject({ name: 'Ada Lovelace', role: 'agency', emailVerifiedAt: null, status: 1 });
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

  it('answers a taken email, whatever its case, as a fresh sign-up and emails its owner instead', async () => {
    const owner = await newAccount();
    const [before] = await t.db.select().from(users).where(eq(users.email, owner.email));
    const res = await post(
      '/api/register',
      signUpPayload({ email: owner.email.toUpperCase(), name: 'Mallory', password: 'another password', confirmPassword: 'another password' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: messages.signedUp, user: null });
    // A decoy cookie of the same shape as a real one.
    expect(String(res.headers['set-cookie'])).toMatch(/^copydesk_signup=\d+\.[\w-]{43}; Path=\/api\/email\/checkverify;/);

    const mail = await latestEmailTo(t.app, owner.email);
    expect(mail?.subject).toBe('Someone tried to sign up with your email address');
    expect(mail?.text).toContain('http://copydesk.test/login');
    expect(mail?.text).toContain('Forgot password?');
    // No second account, and the first one is untouched (name, password).
    expect(
      await t.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${owner.email}`),
    ).toEqual([before]);
    expect((await post('/api/login', owner)).statusCode).toBe(200);
  });

  it('caps the "someone tried to sign up" notices per address and hour', async () => {
    const owner = await newAccount();
    const before = await emailsTo(owner.email);
    for (let i = 0; i < EMAILS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      expect((await postFrom(`198.51.101.${i + 1}`, '/api/register', signUpPayload({ email: owner.email }))).statusCode).toBe(201);
    }
    expect((await emailsTo(owner.email)) - before).toBe(EMAILS_PER_ACCOUNT_PER_HOUR);
  });

  it('lets exactly one of two simultaneous sign-ups for one email create an account, answering both alike', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([post('/api/register', signUpPayload({ email })), post('/api/register', signUpPayload({ email }))]);
    expect(results.map((r) => [r.statusCode, r.body])).toEqual(Array(2).fill([201, JSON.stringify({ message: messages.signedUp, user: null })]));
    expect(await t.db.select({ n: count() }).from(users).where(eq(users.email, email))).toEqual([{ n: 1 }]);
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
    const signUp = await post('/api/register', payload);
    const cookie = signupCookieOf(signUp);
    expect((await post('/api/email/checkverify', { email: payload.sign.email }, { cookie })).json()).toEqual({
      verified: false,
      message: messages.emailNotVerifiedYet,
    });
    const mail = await latestEmailTo(t.app, payload.sign.email);
    const link = new URL(linkIn(mail!.text, /http\S+\/api\/email\/verify\/\S+/));
    expect(link.origin).toBe('http://copydesk.test');

    const first = await t.app.inject({ method: 'GET', url: link.pathname });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/login?verified=1');
    // The sign-up's own browser learns it; anyone else still hears "not verified yet".
    expect((await post('/api/email/checkverify', { email: payload.sign.email }, { cookie })).json()).toEqual({
      verified: true,
      message: messages.emailAlreadyVerified,
    });
    expect((await post('/api/email/checkverify', { email: payload.sign.email })).json().verified).toBe(false);

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
  });

  it('checks the email format', async () => {
    expect((await post('/api/email/resendVerify', { email: 'nope' })).json().errors.email).toEqual([messages.emailNotCorrect]);
    expect((await post('/api/email/checkverify', { email: 'nope' })).json().errors.email).toEqual([messages.emailNotCorrect]);
  });

  it('does not tell a stranger whether an email has an account: byte-identical answers from register, checkverify and resendVerify', async () => {
    const unverified = await newAccount({ verified: false });
    const verified = await newAccount();
    const unknown = uniqueEmail('nobody');
    const cases = { unverified: unverified.email, verified: verified.email, unknown };
    const rowsBefore = (await t.db.select({ n: count() }).from(users))[0]!.n;
    const mailBefore = { verified: await emailsTo(verified.email), unverified: await emailsTo(unverified.email) };

    // Each call from a fresh address of its own, so no per-address request limit interferes.
    let address = 0;
    const answersTo = async (url: string, payload: (email: string) => unknown) => {
      const answers: Record<string, { status: number; body: string }> = {};
      for (const [name, email] of Object.entries(cases)) {
        address += 1;
        const res = await postFrom(`203.0.113.${address}`, url, payload(email));
        answers[name] = { status: res.statusCode, body: res.body };
      }
      return answers;
    };
    const expectIdentical = (answers: Record<string, { status: number; body: string }>, expected: { status: number; body: unknown }) => {
      const one = { status: expected.status, body: JSON.stringify(expected.body) };
      expect(answers).toEqual({ unverified: one, verified: one, unknown: one });
    };

    // checkverify first (the unknown address has no account yet), then after the sign-ups.
    const notYet = { verified: false, message: messages.emailNotVerifiedYet };
    expectIdentical(await answersTo('/api/email/checkverify', (email) => ({ email })), { status: 200, body: notYet });

    expectIdentical(await answersTo('/api/register', (email) => signUpPayload({ email })), { status: 201, body: { message: messages.signedUp, user: null } });
    // One new account (the unknown address); the taken ones got a notice instead of a second account.
    expect((await t.db.select({ n: count() }).from(users)).at(0)!.n).toBe(rowsBefore + 1);
    expect(await emailsTo(verified.email)).toBe(mailBefore.verified + 1);
    expect(await emailsTo(unverified.email)).toBe(mailBefore.unverified + 1);
    expect((await latestEmailTo(t.app, verified.email))?.subject).toBe('Someone tried to sign up with your email address');
    expect((await latestEmailTo(t.app, unknown))?.subject).toBe('Verify your email address');

    expectIdentical(await answersTo('/api/email/checkverify', (email) => ({ email })), { status: 200, body: notYet });

    // resendVerify: one answer; only the unverified account gets a link (the new one too: it is unverified).
    expectIdentical(await answersTo('/api/email/resendVerify', (email) => ({ email })), { status: 200, body: { message: messages.verificationSent } });
    expect(await emailsTo(verified.email)).toBe(mailBefore.verified + 1);
    expect(await emailsTo(unverified.email)).toBe(mailBefore.unverified + 2);
  });

  it('reveals verification only to the sign-up’s own browser or the signed-in owner', async () => {
    const owner = await newAccount();
    const ownerId = await userIdByEmail(t.db, owner.email);
    // A stranger "signs up" with the verified address: the decoy cookie opens nothing.
    const attempt = await post('/api/register', signUpPayload({ email: owner.email }));
    const decoy = signupCookieOf(attempt);
    expect((await post('/api/email/checkverify', { email: owner.email }, { cookie: decoy })).json().verified).toBe(false);
    // A genuine key of another sign-up does not open this address either.
    const other = await post('/api/register', signUpPayload());
    expect((await post('/api/email/checkverify', { email: owner.email }, { cookie: signupCookieOf(other) })).json().verified).toBe(false);
    // Someone else signed in: no; the owner signed in: yes.
    const stranger = await loginAs(t.app, demo.agency);
    expect((await post('/api/email/checkverify', { email: owner.email }, bearer(stranger))).json().verified).toBe(false);
    const own = await issueAccessToken(t.db, ownerId);
    expect((await post('/api/email/checkverify', { email: owner.email }, bearer(own))).json()).toEqual({
      verified: true,
      message: messages.emailAlreadyVerified,
    });
  });

  it('gives the key to a browser that proved the password of an unverified account on the sign-in form', async () => {
    const account = await newAccount({ verified: false });
    const wrong = await post('/api/login', { email: account.email, password: 'not the password' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const res = await post('/api/login', account);
    expect(res.json()).toEqual({ code: 'auth.email_unverified', message: messages.verifyEmailFirst });
    const cookie = signupCookieOf(res);
    expect(cookie).toMatch(/^copydesk_signup=/);
    const mail = await latestEmailTo(t.app, account.email);
    await t.app.inject({ method: 'GET', url: new URL(linkIn(mail!.text, /http\S+\/api\/email\/verify\/\S+/)).pathname });
    expect((await post('/api/email/checkverify', { email: account.email }, { cookie })).json().verified).toBe(true);
  });

  it('answers a sign-up with a taken address no sooner than a fresh one', async () => {
    const taken = await newAccount();
    for (const email of [taken.email, uniqueEmail('fresh')]) {
      const started = performance.now();
      const res = await post('/api/register', signUpPayload({ email }));
      expect(res.statusCode).toBe(201);
      expect(performance.now() - started).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 2);
    }
  });

  it('answers calls that may send an email no sooner for an unknown address than for a known one', async () => {
    for (const url of ['/api/email/resendVerify', '/api/forgot-password']) {
      const started = performance.now();
      const res = await post(url, { email: uniqueEmail('nobody') });
      expect(res.statusCode).toBe(200);
      // A floor, not a speed measurement: the unknown address waits like one that queued an email.
      expect(performance.now() - started).toBeGreaterThanOrEqual(NEUTRAL_ANSWER_MS - 2);
    }
  });
});

describe('emails per account per hour', () => {
  it.each([
    ['/api/forgot-password', messages.resetEmailSent, 'verified'],
    ['/api/email/resendVerify', messages.verificationSent, 'unverified'],
  ] as const)('%s sends at most the hourly cap, from any number of addresses, with the same answer', async (url, message, kind) => {
    // forgot-password mails any active account; resendVerify only one awaiting verification.
    const account = async () => (await newAccount({ verified: kind === 'verified' })).email;
    const email = await account();
    const before = await emailsTo(email);

    // Every request from its own address, so the per-address request limit of the route never applies.
    const tries = EMAILS_PER_ACCOUNT_PER_HOUR + 3;
    for (let i = 0; i < tries; i++) {
      const res = await postFrom(`198.51.100.${i + 1}`, url, { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message });
    }
    expect((await emailsTo(email)) - before).toBe(EMAILS_PER_ACCOUNT_PER_HOUR);

    // The cap is per account: another account is not affected, and the hour passing lifts it.
    const other = await account();
    const otherBefore = await emailsTo(other);
    await post(url, { email: other });
    expect(await emailsTo(other)).toBe(otherBefore + 1);
    await t.db
      .update(authThrottle)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${authThrottle.key} like 'mail:%'`);
    await postFrom('198.51.100.200', url, { email });
    expect((await emailsTo(email)) - before).toBe(EMAILS_PER_ACCOUNT_PER_HOUR + 1);
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
    const rows = await t.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const clear = await t.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, token));
    expect(clear).toHaveLength(0);
  });

  it('gives 12-hour sessions, or 30 days with remember-me', async () => {
    const hours = async (remember: boolean) => {
      const { token } = (await post('/api/login', { email: demo.admin, password: demo.password, remember })).json();
      const [row] = await t.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.tokenHash, hashToken(token)));
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
    expect(res.json()).toEqual({ code: 'auth.email_unverified', message: messages.verifyEmailFirst });
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
    expect(login.json()).toEqual({ code: 'auth.account_deactivated', message: messages.accountDeactivated });
  });

  it('answers 429 after 10 failures for one email from one address, and only for a while', async () => {
    const account = await createVerifiedAgency(t.app);
    const remote = { remoteAddress: '203.0.113.7' };
    const attempt = (password: string, email = account.email) => t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, ...remote });
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

  it('throttles one account attacked from many addresses, while an address that has not failed can still sign in', async () => {
    const account = await newAccount();
    const from = (address: string, password: string) => postFrom(address, '/api/login', { email: account.email, password });
    // 30 addresses × 9 wrong passwords: each address stays under the per-address limit of 10.
    const statuses: number[] = [];
    for (let a = 1; a <= 30; a++) {
      for (let i = 0; i < 9; i++) statuses.push((await from(`192.0.2.${a}`, `wrong password ${i}`)).statusCode);
    }
    const guesses = statuses.filter((s) => s === 422).length;
    const refused = statuses.filter((s) => s === 429).length;
    expect(guesses + refused).toBe(270);
    // Was 270 guesses; now 20 free, then 3 per address until 100, then 1.
    expect(guesses).toBeLessThanOrEqual(ACCOUNT_UNDER_ATTACK[0].accountFailures + ACCOUNT_UNDER_ATTACK[1].perAddress);
    expect(refused).toBeGreaterThanOrEqual(150);

    // An attacking address waits even with the right password...
    const attacker = await from('192.0.2.5', account.password);
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().message).toBe(messages.tooManyLogins);
    // ...while the owner, from an address that has not failed for this account, signs in.
    expect((await from('192.0.2.200', account.password)).statusCode).toBe(200);
    // Other accounts are not affected, from the attacking addresses either.
    expect((await postFrom('192.0.2.5', '/api/login', { email: demo.associate, password: demo.password })).statusCode).toBe(200);
  });

  it('gives an address that has not failed a small allowance of its own while the account is under attack', async () => {
    const account = await newAccount();
    const from = (address: string, password: string) => postFrom(address, '/api/login', { email: account.email, password });
    const [tier] = ACCOUNT_UNDER_ATTACK.slice(-1);
    for (let i = 0; i < tier!.accountFailures; i++) expect((await from(`192.0.2.${100 + (i % 2)}`, 'wrong password')).statusCode).toBe(422);
    // The account is under attack: the owner's typo counts, and within its allowance it still signs in.
    for (let i = 0; i < tier!.perAddress - 1; i++) expect((await from('192.0.2.150', 'typo password')).statusCode).toBe(422);
    expect((await from('192.0.2.150', account.password)).statusCode).toBe(200);
    // A third address uses up its allowance and then waits.
    for (let i = 0; i < tier!.perAddress; i++) expect((await from('192.0.2.151', 'wrong password')).statusCode).toBe(422);
    expect((await from('192.0.2.151', account.password)).statusCode).toBe(429);
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
    await t.db
      .update(accessTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(accessTokens.tokenHash, hashToken(token)));
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
    const account = await newAccount();
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
    const account = await newAccount();
    await post('/api/forgot-password', { email: account.email });
    const token = linkIn((await latestEmailTo(t.app, account.email))!.text, /\/password\/reset\/[^?\s]+/)
      .split('/')
      .pop()!;
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

    await t.db
      .update(oneTimeTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const expired = await post('/api/password/reset', body);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.token).toEqual([messages.invalidResetToken]);
  });

  it('keeps reset links valid for 60 minutes', async () => {
    await post('/api/forgot-password', { email: demo.admin });
    const id = await userIdByEmail(t.db, demo.admin);
    const [row] = await t.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, id))
      .orderBy(sql`${oneTimeTokens.id} desc`)
      .limit(1);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000).toBeCloseTo(60, 0);
  });
});

describe('a completed reset link', () => {
  it('ends the sign-in back-off of the address it was used from', async () => {
    const account = await newAccount();
    const address = '203.0.113.60';
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      await postFrom(address, '/api/login', { email: account.email, password: 'forgotten it' });
    }
    expect((await postFrom(address, '/api/login', { email: account.email, password: account.password })).statusCode).toBe(429);
    await postFrom(address, '/api/forgot-password', { email: account.email });
    const token = new URL(linkIn((await latestEmailTo(t.app, account.email))!.text, /http\S+\/password\/reset\/\S+/)).pathname.split('/').pop()!;
    const reset = { email: account.email, token, password: 'remembered 1', password_confirmation: 'remembered 1' };
    expect((await postFrom(address, '/api/password/reset', reset)).statusCode).toBe(200);
    expect((await postFrom(address, '/api/login', { email: account.email, password: 'remembered 1' })).statusCode).toBe(200);
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
    expect(
      (await post('/api/password/set', { email, token: other, password: 'second password', password_confirmation: 'second password' })).json().errors.token,
    ).toEqual([messages.invalidSetPasswordToken]);
  });
});

describe('POST /api/update/password', () => {
  it('changes the password, keeps this session and revokes the others', async () => {
    const account = await newAccount();
    const current = await loginAs(t.app, account.email, account.password);
    const other = await loginAs(t.app, account.email, account.password);
    const headers = bearer(current);
    const change = { current_password: account.password, password: 'new password 1', password_confirmation: 'new password 1' };

    const mismatch = await post('/api/update/password', { ...change, password_confirmation: 'new password 2' }, headers);
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(messages.passwordChangeMismatch);
    expect((await post('/api/update/password', { ...change, password: '' }, headers)).json().message).toBe(messages.requiredFields);
    expect((await post('/api/update/password', { ...change, password: 'short', password_confirmation: 'short' }, headers)).json().message).toBe(
      messages.passwordTooShort,
    );

    const ok = await post('/api/update/password', change, headers);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(messages.passwordChanged);
    expect((await getInfo(current)).statusCode).toBe(200);
    expect((await getInfo(other)).statusCode).toBe(401);
    expect((await post('/api/login', { email: account.email, password: 'new password 1' })).statusCode).toBe(200);
    expect((await post('/api/update/password', change)).statusCode).toBe(401);
  });

  it('requires the right current password, with a field error on current_password', async () => {
    const account = await newAccount();
    const session = await loginAs(t.app, account.email, account.password);
    const other = await loginAs(t.app, account.email, account.password);
    const change = { password: 'taken over 1', password_confirmation: 'taken over 1' };

    const missing = await post('/api/update/password', change, bearer(session));
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      code: 'auth.current_password_required',
      message: securityMessages.currentPasswordRequired,
      errors: { current_password: [securityMessages.currentPasswordRequired] },
    });
    const wrong = await post('/api/update/password', { ...change, current_password: 'not my password' }, bearer(session));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      code: 'auth.current_password_wrong',
      message: securityMessages.currentPasswordWrong,
      errors: { current_password: [securityMessages.currentPasswordWrong] },
    });

    // Nothing changed: the old password still signs in, no session was revoked.
    expect((await post('/api/login', { email: account.email, password: 'taken over 1' })).statusCode).toBe(422);
    expect((await getInfo(other)).statusCode).toBe(200);
    expect((await post('/api/login', { email: account.email, password: account.password })).statusCode).toBe(200);

    const right = await post('/api/update/password', { ...change, current_password: account.password }, bearer(session));
    expect(right.statusCode).toBe(200);
    expect((await post('/api/login', { email: account.email, password: 'taken over 1' })).statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed sign-ins from that address', async () => {
    const account = await newAccount();
    const address = '203.0.113.40';
    const session = await loginAs(t.app, account.email, account.password);
    const change = (current_password: string) =>
      postFrom(address, '/api/update/password', { current_password, password: 'guessed it 1', password_confirmation: 'guessed it 1' }, bearer(session));

    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) expect((await change(`guess number ${i}`)).statusCode).toBe(422);
    const blocked = await change(account.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(securityMessages.tooManyPasswordAttempts);
    // The same back-off applies to signing in from there; elsewhere the owner is unaffected.
    expect((await postFrom(address, '/api/login', { email: account.email, password: account.password })).statusCode).toBe(429);
    expect((await post('/api/login', { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  it('lets an account without a password (Google sign-in) set a first one without current_password', async () => {
    const email = uniqueEmail('google');
    const [user] = await t.db
      .insert(users)
      .values({ name: 'Grace', email, role: 'agency', googleSub: `sub-${email}`, emailVerifiedAt: new Date() })
      .returning();
    const token = await issueAccessToken(t.db, user!.id);
    const res = await post('/api/update/password', { password: 'first password', password_confirmation: 'first password' }, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.passwordChanged);
    expect((await post('/api/login', { email, password: 'first password' })).statusCode).toBe(200);
    // From now on the password it has is required.
    const again = await post('/api/update/password', { password: 'second password', password_confirmation: 'second password' }, bearer(token));
    expect(again.json().errors.current_password).toEqual([securityMessages.currentPasswordRequired]);
  });
});

describe('GET /api/getuserbytoken/:token', () => {
  it('signs in once from an emailed link, even before verification', async () => {
    const payload = signUpPayload();
    await post('/api/register', payload);
    const id = await userIdByEmail(t.db, payload.sign.email);
    const [order] = await t.db.insert(orders).values({ userId: id, agencyId: id, totalCents: 0, itemCount: 0 }).returning();
    const link = await createLoginLink(t.db, id, order!.id);
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
