import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createAttemptKeys } from './idempotency';

describe('createAttemptKeys', () => {
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it('keeps the key of an attempt whose answer was lost, for the same payload', () => {
    const keys = createAttemptKeys(counter());
    const payload = { order_id: 4, payment_type: 'Balance' };
    expect(keys.keyFor(payload)).toBe('key-1');
    for (const lost of [
      new ApiError(0, 'offline'),
      new ApiError(503, 'down'),
      new ApiError(500, 'oops'),
      new ApiError(409, 'busy'),
      new ApiError(429, 'slow'),
      new TypeError('x'),
    ]) {
      keys.settle(lost);
      expect(keys.keyFor({ ...payload }), lost.message).toBe('key-1');
    }
  });

  it('starts a new attempt after a success, a definitive refusal, or a changed payload', () => {
    const keys = createAttemptKeys(counter());
    expect(keys.keyFor({ a: 1 })).toBe('key-1');
    keys.settle();
    expect(keys.keyFor({ a: 1 })).toBe('key-2');
    keys.settle(new ApiError(402, 'declined'));
    expect(keys.keyFor({ a: 1 })).toBe('key-3');
    keys.settle(new ApiError(503, 'down'));
    expect(keys.keyFor({ a: 2 })).toBe('key-4');
  });
});
