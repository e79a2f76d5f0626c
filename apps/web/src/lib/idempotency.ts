import { ApiError } from './api-client';

/**
 * The Idempotency-Key of a payment attempt (docs/decisions/0006-idempotency-keys.md). One attempt = one payload:
 * pressing Pay again after the answer was lost (no connection, a 5xx, the server still busy with
 * the first request) resends the same key, so the server charges once; a definitive answer (paid,
 * declined, invalid) or a changed payload starts a new attempt with a new key.
 */
export interface AttemptKeys {
  /** The key for sending `payload` now: the current attempt's when the payload is unchanged. */
  keyFor(payload: unknown): string;
  /** Records how the attempt ended: with an answer the server will repeat, a new key is needed. */
  settle(error?: unknown): void;
}

/** Errors after which the same request may be retried under the same key. */
function retryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 409 || error.status === 429 || error.status >= 500;
}

export function createAttemptKeys(newKey: () => string = () => crypto.randomUUID()): AttemptKeys {
  let attempt: { key: string; payload: string } | null = null;
  return {
    keyFor(payload) {
      const text = JSON.stringify(payload);
      if (!attempt || attempt.payload !== text) attempt = { key: newKey(), payload: text };
      return attempt.key;
    },
    settle(error) {
      if (error === undefined || !retryable(error)) attempt = null;
    },
  };
}
