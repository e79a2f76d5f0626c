import type { DbOrTx } from '../../db/client.js';
import { authThrottleRepository } from './auth-throttle.repository.js';

/**
 * Sign-in throttling. Only failures count (a user who types the right password is never slowed
 * down), in 15-minute windows that open at a key's first failure. Three counters:
 *
 * - per account and address (`login:<ip>:<email>`): 10 failures, then that address waits for that
 *   account. Catches one guesser, and is what a typing owner meets.
 * - per address (`login:<ip>`): 50 failures over any accounts, then that address waits.
 * - per account (`login:acct:<email>`), over every address: when it reaches 20 the account is under
 *   attack, and each address may fail only 3 times for it (1 time from 100 on) instead of 10.
 *   Addresses that used their share (the attacker's) wait; an address that has not failed for this
 *   account (the owner at home or at work) still gets its own small allowance, so it can sign in.
 *
 * Deliberately no hard lock of the account: anyone who knows an email address could trigger it and
 * lock the owner out everywhere. Back-off per account+address pair bounds the guessing instead:
 * 30 addresses got 270 guesses in 15 minutes before and get 100 now; past 100 failures a botnet gets
 * one guess per address per window instead of ten. A wrong current password on the password-change
 * form counts like a failed sign-in.
 */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;
/** Account-wide failures in a window from which each address gets the smaller allowance. */
export const ACCOUNT_UNDER_ATTACK = [
  { accountFailures: 100, perAddress: 1 },
  { accountFailures: 20, perAddress: 3 },
] as const;

export function throttleKeys(email: string, ip: string) {
  return { pair: `login:${ip}:${email}`, address: `login:${ip}`, account: `login:acct:${email}` };
}

/** How many failures an address may have for an account whose window holds `accountFailures`. */
export function failuresAllowedPerAddress(accountFailures: number): number {
  const tier = ACCOUNT_UNDER_ATTACK.find((t) => accountFailures >= t.accountFailures);
  return tier?.perAddress ?? MAX_FAILURES_PER_EMAIL_AND_ADDRESS;
}

export const loginThrottle = {
  /** Whether this address must wait before trying a password for this account. */
  async isBlocked(db: DbOrTx, email: string, ip: string): Promise<boolean> {
    const keys = throttleKeys(email, ip);
    const counts = await authThrottleRepository.counts(db, [keys.pair, keys.address, keys.account]);
    const pair = counts.get(keys.pair) ?? 0;
    return pair >= failuresAllowedPerAddress(counts.get(keys.account) ?? 0) || (counts.get(keys.address) ?? 0) >= MAX_FAILURES_PER_ADDRESS;
  },

  async recordFailure(db: DbOrTx, email: string, ip: string) {
    const keys = throttleKeys(email, ip);
    for (const key of [keys.pair, keys.address, keys.account]) await authThrottleRepository.bump(db, key, LOGIN_WINDOW_SECONDS);
  },

  /**
   * After the right password (or a completed reset link) from this address. The account counter
   * stays: an owner signing in must not hand the attacker's addresses a fresh allowance.
   */
  async clear(db: DbOrTx, email: string, ip: string) {
    await authThrottleRepository.remove(db, [throttleKeys(email, ip).pair]);
  },

  sweep: authThrottleRepository.sweep,
};
