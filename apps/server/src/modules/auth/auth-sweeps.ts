import type { Database } from '../../db/client.js';
import { authThrottleRepository } from './auth-throttle.repository.js';
import { authRepository } from './auth.repository.js';

/** What the housekeeping job (plugins/housekeeping.ts) deletes for sign-in: ended sessions, expired one-time links, ended throttle windows. */
export const authSweeps = [
  (db: Database) => authRepository.deleteExpiredAccessTokens(db),
  (db: Database) => authRepository.deleteExpiredOneTimeTokens(db),
  (db: Database) => authThrottleRepository.sweep(db),
];
