import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatMoney } from './money.js';

describe('money', () => {
  it('converts dollars with up to 2 decimals to cents and back', () => {
    expect(dollarsToCents(12.5)).toBe(1250);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(centsToDollars(1999)).toBe(19.99);
  });

  it('refuses more than 2 decimals and non-finite values', () => {
    expect(dollarsToCents(1.005)).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
    expect(dollarsToCents(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('formats with 2 decimals and a $ sign', () => {
    expect(formatMoney(50000)).toBe('$500.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-5)).toBe('-$0.05');
  });
});
