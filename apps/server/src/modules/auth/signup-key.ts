import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secret that lets the browser which signed up (or which proved the password on the sign-in
 * form) learn whether its address has been verified: POST /email/checkverify reveals the real state
 * only to the holder of this key or to the signed-in owner, and answers everyone else "not verified
 * yet", so it cannot be used to test whether an address has an account or has verified it.
 *
 * It travels as an httpOnly cookie scoped to the checkverify path, so the sign-up answer stays
 * byte-identical whether or not the address was free (its body carries nothing per account), and the
 * page script never handles it. The value is `expiresAt.HMAC(appKey, user id, email, expiresAt)`:
 * stateless, so every instance with the same APP_KEY accepts it, and bound to the account id, so it
 * says nothing about a later account with the same address. When the address was already taken the
 * sign-up gets a decoy of the same shape that matches no account.
 */
export const SIGNUP_COOKIE = 'copydesk_signup';
export const SIGNUP_COOKIE_PATH = '/api/email/checkverify';
export const SIGNUP_KEY_TTL_MS = 24 * 60 * 60 * 1000;

function mac(appKey: string, userId: number, email: string, expires: number) {
  return createHmac('sha256', appKey).update(`signup-key:${userId}:${email}:${expires}`).digest('base64url');
}

export function signupKey(appKey: string, user: { id: number; email: string }, now = Date.now()): string {
  const expires = now + SIGNUP_KEY_TTL_MS;
  return `${expires}.${mac(appKey, user.id, user.email, expires)}`;
}

/** Looks like a key, opens nothing. */
export function decoySignupKey(now = Date.now()): string {
  return `${now + SIGNUP_KEY_TTL_MS}.${randomBytes(32).toString('base64url')}`;
}

export function signupKeyOpens(appKey: string, key: string | null | undefined, user: { id: number; email: string }, now = Date.now()): boolean {
  const match = /^(\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(key ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (!(expires > now)) return false;
  const expected = Buffer.from(mac(appKey, user.id, user.email, expires));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The key from a Cookie header, if any. */
export function signupKeyFromCookie(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SIGNUP_COOKIE) return value.join('=');
  }
  return null;
}

export function signupCookie(value: string, secure: boolean): string {
  const attributes = [`Path=${SIGNUP_COOKIE_PATH}`, `Max-Age=${SIGNUP_KEY_TTL_MS / 1000}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return `${SIGNUP_COOKIE}=${value}; ${attributes.join('; ')}`;
}
