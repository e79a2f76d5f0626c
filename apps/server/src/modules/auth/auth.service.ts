import { messages, parsePhone, phoneCountry, type LoginInput, type PasswordTokenInput, type SignUpInput } from '@copydesk/shared';
import type { z } from 'zod';
import type { changePasswordSchema, signUpFieldsSchema, passwordTokenSchema, loginSchema } from '@copydesk/shared';
import type { Config } from '../../config.js';
import { sqlState, type DbOrTx } from '../../db/client.js';
import type { OneTimePurpose, UserRow } from '../../db/schema/index.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { accountRefusal } from '../../lib/access.js';
import { emails } from '../mail/emails.js';
import { outboxRepository } from '../mail/outbox.repository.js';
import { loadUserDto, toUserDto } from '../users/user-dto.js';
import type { UserWithAgency } from '../users/users.repository.js';
import { usersRepository } from '../users/users.repository.js';
import { authRepository } from './auth.repository.js';
import { takeEmailAllowance } from './email-quota.js';
import { decoySignupKey, signupKey, signupKeyOpens } from './signup-key.js';
import { loginThrottle } from './login-throttle.js';

/** Account rules: sign-up, sign-in, sessions, email verification and passwords. No HTTP here. */

const HOUR = 60 * 60 * 1000;
export const SESSION_TTL_MS = 12 * HOUR;
export const REMEMBER_TTL_MS = 30 * 24 * HOUR;
export const RESET_TTL_MS = HOUR;
export const VERIFY_TTL_MS = 24 * HOUR;
export const SET_PASSWORD_TTL_MS = 7 * 24 * HOUR;
export const LOGIN_LINK_TTL_MS = 7 * 24 * HOUR;
/** The session an emailed sign-in link opens: only its order's payment (lib/access.ts), and for an hour at most. */
export const LINK_SESSION_TTL_MS = HOUR;
export const SOCIAL_TTL_MS = 2 * 60 * 1000;
/**
 * The calls that may send an email answer no sooner than this, whether or not an email went out,
 * so their timing does not tell a stranger whether an address has an account. It covers the few
 * queries of queueing the email with a wide margin.
 */
export const NEUTRAL_ANSWER_MS = 150;

/** Runs `work`, then waits until `ms` have passed since the start, also when it threw. */
async function answerNoSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = ms - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

/**
 * `accountRefusal` as a sign-in answers it: a deactivated associate is told to ask its agency, which
 * can switch it back on (agencies and admins keep "contact support").
 */
export function signInRefusal(user: Pick<UserRow, 'status' | 'role'>, agencyStatus: number | null) {
  const refusal = accountRefusal(user, agencyStatus);
  return refusal === 'auth.account_deactivated' && user.role === 'associate' ? ('auth.associate_deactivated' as const) : refusal;
}

type SignUp = z.output<typeof signUpFieldsSchema>;
type Login = z.output<typeof loginSchema>;
type PasswordToken = z.output<typeof passwordTokenSchema>;
type ChangePassword = z.output<typeof changePasswordSchema>;
export type { SignUpInput, LoginInput, PasswordTokenInput };

/** Issues a bearer token (256-bit random; only its hash is stored). */
export async function issueAccessToken(db: DbOrTx, userId: number, remember = false): Promise<string> {
  const token = randomToken();
  await authRepository.insertAccessToken(db, userId, hashToken(token), new Date(Date.now() + (remember ? REMEMBER_TTL_MS : SESSION_TTL_MS)));
  return token;
}

/** The session of an emailed sign-in link: it may only pay, or look at, `orderId`, for LINK_SESSION_TTL_MS. */
async function issueLinkSession(db: DbOrTx, userId: number, orderId: number): Promise<string> {
  const token = randomToken();
  await authRepository.insertAccessToken(db, userId, hashToken(token), new Date(Date.now() + LINK_SESSION_TTL_MS), orderId);
  return token;
}

/**
 * Creates a one-time link token. Older unused ones of the same purpose stop working, except
 * sign-in links: each order email carries its own, and paying one order must not kill the link
 * in another email.
 */
export async function issueOneTimeToken(db: DbOrTx, userId: number, purpose: OneTimePurpose, ttlMs: number, orderId: number | null = null): Promise<string> {
  const token = randomToken();
  if (purpose !== 'login_link') await authRepository.retireOneTimeTokens(db, userId, purpose);
  await authRepository.insertOneTimeToken(db, { userId, purpose, orderId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

function verifyUrl(config: Config, token: string) {
  return `${config.publicUrl}/api/email/verify/${token}`;
}

async function queueVerification(ctx: AppContext, tx: DbOrTx, user: UserRow) {
  const token = await issueOneTimeToken(tx, user.id, 'verify_email', VERIFY_TTL_MS);
  await outboxRepository.enqueue(tx, emails.verifyEmail(user.email, user.name, verifyUrl(ctx.config, token)));
}

/**
 * POST /register without a bearer token: a new agency, unverified, with a verification email in the
 * outbox. The answer must not tell a stranger whether the address has an account
 * (docs/decisions/0012-no-account-enumeration.md), so a taken address gets the same answer, in the
 * same time: the password is hashed anyway, the owner is emailed instead ("someone tried to sign up
 * with your address", within the hourly email cap) and no second account is made. `signupKey` is
 * for the caller's checkverify cookie (signup-key.ts): a real one for a new account, a decoy
 * otherwise.
 */
export async function register(ctx: AppContext, sign: SignUp): Promise<{ message: string; user: null; signupKey: string }> {
  const email = sign.email.trim().toLowerCase();
  // The phone field's rule (packages/shared/src/phone.ts); stored in E.164.
  const phone = sign.contact_number ? parsePhone(sign.contact_number, sign.countryCode) : null;
  if (sign.contact_number && !phone) throw AppError.field('user.phone_invalid', 'sign.contact_number');
  return answerNoSoonerThan(NEUTRAL_ANSWER_MS, async () => {
    // Hashed before the lookup, whatever it finds, so both paths pay for argon2.
    const passwordHash = await hashPassword(sign.password);
    const existing = await usersRepository.findByEmail(ctx.db, email);
    let created: UserRow | null = null;
    if (!existing) {
      try {
        created = await ctx.db.transaction(async (tx) => {
          const user = await usersRepository.insert(tx, {
            name: sign.name.trim(),
            email,
            passwordHash,
            role: 'agency',
            companyName: sign.company_name?.trim() || null,
            roleDesignation: sign.role_designation?.trim() || null,
            phoneNumber: phone?.number ?? null,
            countryCode: phone?.country ?? phoneCountry(sign.countryCode) ?? null,
            utms: sign.utms ?? null,
          });
          await queueVerification(ctx, tx, user);
          return user;
        });
      } catch (err) {
        // Two sign-ups racing for one email: the unique index decides; the loser is told as any other taken address.
        if (sqlState(err) !== '23505') throw err;
      }
    }
    if (!created) await noticeSignUpAttempt(ctx, email);
    return { message: messages.signedUp, user: null, signupKey: created ? signupKey(ctx.config.appKey, created) : decoySignupKey() };
  });
}

/** Tells the owner of a taken address that someone tried to sign up with it (capped per hour). */
async function noticeSignUpAttempt(ctx: AppContext, email: string) {
  const allowed = await takeEmailAllowance(ctx.db, 'account_exists', email);
  const owner = await usersRepository.findByEmail(ctx.db, email);
  if (!allowed || !owner || owner.status !== 1) return;
  await outboxRepository.enqueue(ctx.db, emails.signUpAttempt(owner.email, owner.name, { loginUrl: `${ctx.config.publicUrl}/login` }));
}

/**
 * A checkverify key for an account whose password was just proven on the sign-in form (which then
 * answered "Please verify your email first."), so that browser's waiting screen can move on too.
 */
export async function signupKeyForProvenLogin(ctx: AppContext, email: string): Promise<string | null> {
  const user = await usersRepository.findByEmail(ctx.db, email);
  return user && !user.emailVerifiedAt ? signupKey(ctx.config.appKey, user) : null;
}

/** POST /login. Throttled on failures only, per account+address, address and account (login-throttle.ts). */
export async function login(ctx: AppContext, { credentials: input, ip }: { credentials: Login; ip: string }) {
  if (await loginThrottle.isBlocked(ctx.db, input.email, ip)) throw new AppError('auth.too_many_logins');
  const user = await usersRepository.findByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    await loginThrottle.recordFailure(ctx.db, input.email, ip);
    throw AppError.field('auth.invalid_credentials', 'email');
  }
  await loginThrottle.clear(ctx.db, input.email, ip);
  const refusal = signInRefusal(user, await authRepository.agencyStatusOf(ctx.db, user));
  if (refusal) throw new AppError(refusal);
  if (!user.emailVerifiedAt) throw new AppError('auth.email_unverified');
  const token = await ctx.db.transaction(async (tx) => {
    await usersRepository.incrementLoginCount(tx, user.id);
    return issueAccessToken(tx, user.id, input.remember);
  });
  return { token, user: await loadUserDto(ctx.db, user.id) };
}

export async function logout(ctx: AppContext, _actor: UserRow, tokenId: number) {
  await authRepository.deleteAccessToken(ctx.db, tokenId);
  return { message: messages.loggedOut };
}

/** GET /getInfo: the session's user as authentication loaded it (no further query). */
export function getInfo(_ctx: AppContext, user: UserWithAgency) {
  return { user: toUserDto(user) };
}

/**
 * POST /forgot-password: the same answer, in the same time, whether or not the email exists, is
 * active, or has had its hourly share of reset emails (email-quota.ts).
 */
export async function forgotPassword(ctx: AppContext, email: string) {
  return answerNoSoonerThan(NEUTRAL_ANSWER_MS, async () => {
    const allowed = await takeEmailAllowance(ctx.db, 'reset_password', email);
    const user = await usersRepository.findByEmail(ctx.db, email);
    if (allowed && user && user.status === 1) {
      await ctx.db.transaction(async (tx) => {
        const token = await issueOneTimeToken(tx, user.id, 'reset_password', RESET_TTL_MS);
        const url = `${ctx.config.publicUrl}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
        await outboxRepository.enqueue(tx, emails.resetPassword(user.email, user.name, url));
      });
    }
    return { message: messages.resetEmailSent };
  });
}

/**
 * POST /password/reset and /password/set: consume the link, store the new password, verify the
 * email (the link proved the address) and revoke every session. The link also proved who is at
 * this network address, so its sign-in back-off for the account ends (login-throttle.ts).
 */
export async function completePasswordLink(
  ctx: AppContext,
  { form: input, purpose, ip }: { form: PasswordToken; purpose: 'reset_password' | 'set_password'; ip: string },
) {
  const invalid = purpose === 'reset_password' ? 'auth.reset_link_invalid' : 'auth.set_password_link_invalid';
  const user = await usersRepository.findByEmail(ctx.db, input.email);
  if (!user) throw AppError.field(invalid, 'token');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const userId = await authRepository.consumeOneTimeToken(tx, hashToken(input.token), purpose, user.id);
    if (!userId) throw AppError.field(invalid, 'token');
    await usersRepository.update(tx, user.id, {
      passwordHash,
      passwordChangedAt: new Date(),
      emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
    });
    await authRepository.deleteAccessTokensOfUser(tx, user.id);
  });
  await loginThrottle.clear(ctx.db, user.email, ip);
  return { message: purpose === 'reset_password' ? messages.passwordChanged : messages.passwordSaved };
}

/**
 * POST /update/password: the signed-in user's new password; this session stays, the others are
 * revoked. The current password is required, so a session left open on a shared computer (or a
 * stolen token) cannot take the account over for good; wrong ones count as failed sign-ins from
 * this address, so this form cannot be used to guess the password past the sign-in throttle.
 * An account that has never had a password (created through Google sign-in, or invited and not
 * yet through its set-password link) has nothing to confirm: it may set a first password with the
 * session alone, which already has full use of the account.
 */
export async function changePassword(
  ctx: AppContext,
  actor: UserRow,
  { tokenId, ip, form: input }: { tokenId: number | null; ip: string; form: ChangePassword },
) {
  const userId = actor.id;
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user) throw new AppError('auth.unauthenticated');
  if (user.passwordHash) {
    if (!input.current_password) throw AppError.field('auth.current_password_required', 'current_password');
    if (await loginThrottle.isBlocked(ctx.db, user.email, ip)) throw new AppError('auth.too_many_password_attempts');
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      await loginThrottle.recordFailure(ctx.db, user.email, ip);
      throw AppError.field('auth.current_password_wrong', 'current_password');
    }
    await loginThrottle.clear(ctx.db, user.email, ip);
  }
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await usersRepository.update(tx, userId, { passwordHash, passwordChangedAt: new Date() });
    await authRepository.deleteAccessTokensOfUser(tx, userId, tokenId ?? undefined);
  });
  return { message: messages.passwordChanged };
}

/**
 * POST /email/resendVerify: one neutral answer, in the same time, for an unknown email, an
 * unverified one (a fresh link goes out, within the hourly cap), a verified one and a deactivated
 * one. A verified account gets no email: nothing is pending, and a stranger must not be able to
 * mail its owner at will; its owner on the "verify your email" screen is moved on by checkverify.
 */
export async function resendVerification(ctx: AppContext, email: string) {
  return answerNoSoonerThan(NEUTRAL_ANSWER_MS, async () => {
    const allowed = await takeEmailAllowance(ctx.db, 'verify_email', email);
    const user = await usersRepository.findByEmail(ctx.db, email);
    if (allowed && user && user.status === 1 && !user.emailVerifiedAt) {
      await ctx.db.transaction((tx) => queueVerification(ctx, tx, user));
    }
    return { message: messages.verificationSent };
  });
}

/**
 * POST /email/checkverify: whether the address awaiting verification has been verified. The real
 * state goes only to the holder of that sign-up's key (the httpOnly cookie the sign-up set, see
 * signup-key.ts) or to the signed-in owner of the address. Everyone else, including for unknown,
 * unverified and verified addresses alike, gets "not verified yet", after the same single lookup: a
 * stranger cannot learn whether an address has an account, nor whether its owner verified it. The
 * owner's waiting screen without the key (another browser) simply keeps waiting; the emailed link
 * itself takes them to the sign-in page.
 */
export async function checkVerification(ctx: AppContext, options: { email: string; signupKey: string | null; bearer: string | null }) {
  const user = await usersRepository.findByEmail(ctx.db, options.email);
  let entitled = user !== null && signupKeyOpens(ctx.config.appKey, options.signupKey, user);
  if (user && !entitled && options.bearer) {
    const session = await authRepository.findUserByAccessToken(ctx.db, hashToken(options.bearer));
    entitled = session?.user.id === user.id;
  }
  return entitled && user?.emailVerifiedAt
    ? { verified: true, message: messages.emailAlreadyVerified }
    : { verified: false, message: messages.emailNotVerifiedYet };
}

/** The emailed link: consumes the token and marks the address verified. */
export async function verifyEmailLink(ctx: AppContext, token: string): Promise<{ ok: boolean; message: string }> {
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await authRepository.consumeOneTimeToken(tx, hashToken(token), 'verify_email');
    if (id) await usersRepository.update(tx, id, { emailVerifiedAt: new Date() });
    return id;
  });
  return userId ? { ok: true, message: messages.emailVerified } : { ok: false, message: messages.invalidVerifyLink };
}

/**
 * Exchanges a one-time sign-in token (an emailed "pay your order" link, or the Google sign-in
 * hand-off) for a session. Unverified accounts may sign in this way; the client then blocks the
 * order until the email is verified. An emailed link opens a session that may only pay, or look
 * at, the order it names, for an hour (LINK_SESSION_TTL_MS; lib/access.ts keeps it to that order):
 * whoever holds the email gets no more than its button promises. Anything else needs a normal
 * sign-in. The Google hand-off opens a full session, as the sign-in form does.
 */
export async function exchangeOneTimeLogin(ctx: AppContext, { token, purpose }: { token: string; purpose: 'login_link' | 'social_login' }) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError('auth.login_link_invalid');
  const result = await ctx.db.transaction(async (tx) => {
    const link =
      purpose === 'login_link'
        ? await authRepository.consumeSignInLink(tx, hashToken(token))
        : { userId: await authRepository.consumeOneTimeToken(tx, hashToken(token), purpose), orderId: null };
    // A sign-in link always names its order; one without (minted before migration 0019) opens nothing.
    if (!link?.userId || (purpose === 'login_link' && link.orderId === null)) return null;
    const user = await usersRepository.findById(tx, link.userId);
    if (!user) return null;
    const refusal = signInRefusal(user, await authRepository.agencyStatusOf(tx, user));
    if (refusal) throw new AppError(refusal);
    await usersRepository.incrementLoginCount(tx, user.id);
    const session = link.orderId === null ? await issueAccessToken(tx, user.id) : await issueLinkSession(tx, user.id, link.orderId);
    return { userId: user.id, token: session };
  });
  if (!result) throw new AppError(purpose === 'social_login' ? 'auth.social_failed' : 'auth.login_link_invalid');
  return { token: result.token, user: await loadUserDto(ctx.db, result.userId) };
}

/**
 * `ag•••@example.com`: enough for the holder of a sign-in link to recognise whose it is. It tells
 * nothing the link itself does not grant: spending it signs in as that user, full address included.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}•••${email.slice(at)}`;
}

/**
 * POST /sign-in-link/owner: whose emailed sign-in link a signed-in browser opened, without spending
 * it (docs/decisions/0032-sign-in-links-return-paths-remember-me.md). The caller's own link answers
 * `own` with its order, whatever its state (the owner already reaches that order), so the browser
 * goes straight to the payment page and the link keeps working; a sign-in link's session counts as
 * the owner only for its own order. Another account's link is named by its masked email, and only
 * while it would still sign in: an unknown, used or expired one answers as the exchange would.
 */
export async function getSignInLinkOwner(ctx: AppContext, actor: UserRow, { token, sessionOrderId }: { token: string; sessionOrderId: number | null }) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError('auth.login_link_invalid');
  const link = await authRepository.findSignInLink(ctx.db, hashToken(token));
  if (!link || link.orderId === null) throw new AppError('auth.login_link_invalid');
  const own = link.userId === actor.id && (sessionOrderId === null || sessionOrderId === link.orderId);
  if (own) return { own: true, order_id: link.orderId, owner: null };
  if (!link.usable) throw new AppError('auth.login_link_invalid');
  const owner = await usersRepository.findById(ctx.db, link.userId);
  if (!owner) throw new AppError('auth.login_link_invalid');
  return { own: false, order_id: link.orderId, owner: maskEmail(owner.email) };
}

/** A one-time sign-in token for `/getuserbytoken/{token}`, opening a session for `orderId`'s payment only. */
export function createLoginLink(db: DbOrTx, userId: number, orderId: number) {
  return issueOneTimeToken(db, userId, 'login_link', LOGIN_LINK_TTL_MS, orderId);
}

/**
 * The one-time sign-in link of an order email: `/login?token=…&order_id=…` signs the user in and
 * opens `/payment/{order_id}` after 2 s (the sign-in screen's token login). Single use, 7 days,
 * stored hashed; the session it opens may only pay or look at that order, for an hour.
 */
export async function createOrderLoginLink(db: DbOrTx, options: { userId: number; orderId: number; publicUrl: string }) {
  const token = await createLoginLink(db, options.userId, options.orderId);
  return `${options.publicUrl}/login?token=${token}&order_id=${options.orderId}`;
}
