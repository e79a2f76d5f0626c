import * as oidc from 'openid-client';
import type { Config } from '../../config.js';
import { sqlState, type DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/schema/index.js';
import type { AppContext } from '../../lib/app-context.js';
import { AppError } from '../../lib/app-error.js';
import { seal, unseal } from '../../lib/sealing.js';
import { authRepository } from '../auth/auth.repository.js';
import { issueOneTimeToken, signInRefusal, SOCIAL_TTL_MS } from '../auth/auth.service.js';
import { usersRepository } from '../users/users.repository.js';

/**
 * Google sign-in (OpenID Connect, authorization code + PKCE, state and nonce) against
 * OIDC_ISSUER. The PKCE verifier, state and nonce travel in an encrypted, short-lived browser
 * cookie rather than server memory, so any instance behind a load balancer can finish a sign-in
 * another one started. No HTTP here: the routes own the cookie and the redirects.
 */

/** How long a started sign-in may take at the provider. */
export const SIGN_IN_TTL_MS = 10 * 60 * 1000;

export interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
  /** Epoch ms after which the pending sign-in is refused. */
  expires: number;
}

/** The claims of Google's ID token that an account is built from. */
export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/**
 * Sealed (lib/sealing.ts) with a key derived from the client secret: every instance has the secret,
 * nobody else does, and GCM both hides the PKCE verifier and refuses a tampered cookie.
 */
const PENDING_PURPOSE = 'oidc pending sign-in cookie v1';

export function sealPending(secret: string, pending: PendingSignIn): string {
  return seal(secret, PENDING_PURPOSE, JSON.stringify(pending));
}

/** The pending sign-in of a cookie, or null when it is missing, forged, damaged or expired. */
export function unsealPending(secret: string, sealed: string | undefined, now = Date.now()): PendingSignIn | null {
  if (!sealed || sealed.length > 2048) return null;
  const json = unseal(secret, PENDING_PURPOSE, sealed);
  if (json === null) return null;
  try {
    const pending = JSON.parse(json) as PendingSignIn;
    if (typeof pending.expires !== 'number' || pending.expires < now) return null;
    if (![pending.verifier, pending.state, pending.nonce].every((v) => typeof v === 'string' && v.length > 0)) return null;
    return pending;
  } catch {
    return null;
  }
}

/** Google sends `email_verified` as a boolean; some issuers send the string "true". */
function readProfile(claims: Record<string, unknown>): GoogleProfile {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const sub = text(claims.sub);
  if (!sub) throw new AppError('auth.social_failed');
  return {
    sub,
    email: text(claims.email)?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: text(claims.name),
    picture: text(claims.picture),
  };
}

/**
 * The account a Google identity signs into: the one already linked to it; else the account with
 * its email, linked now — only when Google vouches for the address, or anyone could claim an
 * account by creating a Google identity with its email; else a new agency, as a sign-up makes.
 */
export async function findOrCreateGoogleUser(db: DbOrTx, profile: GoogleProfile): Promise<UserRow> {
  const picture = profile.picture ? { googlePic: profile.picture } : {};
  const linked = await usersRepository.findByGoogleSub(db, profile.sub);
  if (linked) return (await usersRepository.update(db, linked.id, picture)) ?? linked;
  if (!profile.email) throw new AppError('auth.social_no_account');

  const existing = await usersRepository.findByEmail(db, profile.email);
  if (existing) {
    if (!profile.emailVerified || existing.googleSub) throw new AppError('auth.social_no_account');
    const updated = await usersRepository.update(db, existing.id, {
      googleSub: profile.sub,
      emailVerifiedAt: existing.emailVerifiedAt ?? new Date(),
      ...picture,
    });
    return updated ?? existing;
  }

  try {
    return await usersRepository.insert(db, {
      name: profile.name ?? profile.email.split('@')[0]!,
      email: profile.email,
      role: 'agency',
      googleSub: profile.sub,
      googlePic: profile.picture,
      emailVerifiedAt: profile.emailVerified ? new Date() : null,
    });
  } catch (err) {
    // The same Google account finishing twice at once: the unique indexes decide, one wins.
    if (sqlState(err) === '23505') throw new AppError('auth.social_conflict');
    throw err;
  }
}

export interface GoogleSignIn {
  /** False when GOOGLE_CLIENT_ID is unset: the button leads back to /login with a message. */
  readonly configured: boolean;
  /** Where to send the browser, and the sealed pending sign-in for the cookie. */
  start(ctx: AppContext, input: { redirectUri: string }): Promise<{ url: string; sealed: string }>;
  /**
   * Finishes a sign-in from the provider's redirect: exchanges the code, checks state, nonce and
   * PKCE, resolves the account and returns a one-time token for GET /getGoogleLogin/:token.
   */
  finish(ctx: AppContext, input: { callbackUrl: URL; sealed: string | undefined }): Promise<{ token: string }>;
}

export function createGoogleSignIn(config: Config): GoogleSignIn {
  const { clientId, clientSecret, issuer } = config.google;
  let discovered: Promise<oidc.Configuration> | null = null;

  /** Discovery once per process; a failure is forgotten so the next sign-in retries. */
  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(new URL(issuer), clientId!, clientSecret, undefined, {
        // Only a local test issuer is plain http; Google is https.
        execute: new URL(issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((err: unknown) => {
        discovered = null;
        throw err;
      });
    return discovered;
  }

  return {
    configured: Boolean(clientId && clientSecret),

    async start(_ctx, { redirectUri }) {
      const cfg = await configuration();
      const pending: PendingSignIn = {
        verifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        expires: Date.now() + SIGN_IN_TTL_MS,
      };
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
        prompt: 'select_account',
      });
      return { url: url.href, sealed: sealPending(clientSecret!, pending) };
    },

    async finish(ctx, { callbackUrl, sealed }) {
      const pending = unsealPending(clientSecret!, sealed);
      if (!pending) throw new AppError('auth.social_failed');
      const cfg = await configuration();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new AppError('auth.social_failed');
      const profile = readProfile(claims);
      const token = await ctx.db.transaction(async (tx) => {
        const user = await findOrCreateGoogleUser(tx, profile);
        const refusal = signInRefusal(user, await authRepository.agencyStatusOf(tx, user));
        if (refusal) throw new AppError(refusal);
        return issueOneTimeToken(tx, user.id, 'social_login', SOCIAL_TTL_MS);
      });
      return { token };
    },
  };
}
