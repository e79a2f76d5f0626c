import type { DbOrTx } from '../../db/client.js';
import { authThrottleRepository } from './auth-throttle.repository.js';

/**
 * Caps the account emails a visitor can trigger (password reset, verification resend, sign-up attempt notice) per email
 * address per hour, whoever asks and from however many networks, so the forms cannot flood
 * someone's inbox. Past the cap the caller gets the same neutral answer and nothing is sent: the
 * answer must not reveal whether an account exists, nor that the cap was reached.
 * The per-address request limits of the routes come on top.
 */
export const EMAILS_PER_ACCOUNT_PER_HOUR = 5;
const HOUR_SECONDS = 60 * 60;

/** `account_exists`: the notice to an owner that someone tried to sign up with their address. */
export type QuotaEmail = 'reset_password' | 'verify_email' | 'account_exists';

/**
 * Counts one request for this address and says whether an email may still go out. Called for
 * unknown addresses too, so known and unknown ones cost the same work.
 */
export async function takeEmailAllowance(db: DbOrTx, kind: QuotaEmail, email: string): Promise<boolean> {
  const count = await authThrottleRepository.bump(db, `mail:${kind}:${email}`, HOUR_SECONDS);
  return count <= EMAILS_PER_ACCOUNT_PER_HOUR;
}
