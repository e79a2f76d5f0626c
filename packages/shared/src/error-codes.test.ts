import { describe, expect, it } from 'vitest';
import { fallbackErrorCode, hasErrorCodeShape } from './error-code-fallbacks.js';
import { ERROR_CODES, errorCodes, errorCodesWithStatus, errorMessageOf, isErrorCode, type FixedMessageCode } from './error-codes.js';
import { couponAdminMessages, messages } from './messages.js';
import { errorResponseSchema, unsafeTextCode } from './schemas/common.js';

describe('the error code table', () => {
  it('names each code once, as dotted lower_snake', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
  });

  it('gives each code a 4xx or 5xx status and a message (or the function that builds it)', () => {
    for (const code of ERROR_CODES) {
      const { status, message } = errorCodes[code];
      expect(Number.isInteger(status) && status >= 400 && status <= 599, code).toBe(true);
      if (typeof message === 'string') expect(message.trim(), code).not.toBe('');
      else expect(message, code).toEqual(expect.any(Function));
    }
    expect(errorMessageOf('wallet.insufficient_funds')).toBe(messages.balanceNotEnough);
    expect(errorCodes['coupon.limit_below_used'].message).toBe(couponAdminMessages.limitBelowUsed);
  });

  it('answers a code for every status, and knows its own codes', () => {
    expect(fallbackErrorCode(401)).toBe('auth.unauthenticated');
    expect(fallbackErrorCode(422)).toBe('validation.failed');
    expect(fallbackErrorCode(418)).toBe('request.invalid');
    expect(fallbackErrorCode(502)).toBe('server.error');
    for (const status of [400, 401, 403, 404, 413, 415, 422, 429, 500, 503]) expect(errorCodes[fallbackErrorCode(status)].status).toBe(status);
    for (const status of [406]) expect(errorCodes[fallbackErrorCode(status)].status).toBe(status);
    expect(ERROR_CODES.every(hasErrorCodeShape)).toBe(true);
    expect(hasErrorCodeShape('ECONNRESET')).toBe(false);
    expect(isErrorCode('auth.forbidden')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(errorCodesWithStatus(402)).toContain('card.declined');
    const fixed: FixedMessageCode[] = [unsafeTextCode('nul'), unsafeTextCode('surrogate')];
    expect(fixed.every(isErrorCode)).toBe(true);
  });

  it('is what an error answer’s `code` may be', () => {
    expect(errorResponseSchema.safeParse({ code: 'auth.forbidden', message: messages.forbidden }).success).toBe(true);
    expect(errorResponseSchema.safeParse({ code: 'FORBIDDEN', message: messages.forbidden }).success).toBe(false);
    expect(errorResponseSchema.safeParse({ message: messages.forbidden }).success).toBe(false);
  });
});
