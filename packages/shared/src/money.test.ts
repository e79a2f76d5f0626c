import { describe, expect, it } from 'vitest';
import { amountToCents, centsToDollars, dollarsToCents, formatDollars, formatMoney } from './money.js';

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

  it('groups thousands as en-US does, at every length', () => {
    for (const whole of [0, 7, 999, 1000, 12345, 999999, 1000000, 90071992547409]) {
      expect(formatMoney(whole * 100 + 5)).toBe(`$${whole.toLocaleString('en-US')}.05`);
    }
  });
});

describe('formatDollars', () => {
  it('shows API dollars as money, rounding a stray third decimal to the cent', () => {
    expect(formatDollars(12.5)).toBe('$12.50');
    expect(formatDollars(0)).toBe('$0.00');
    expect(formatDollars(-3)).toBe('-$3.00');
    expect(formatDollars(1234.567)).toBe('$1,234.57');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });

  it('shows a missing amount as an em dash, never as $0.00', () => {
    expect(formatDollars(null)).toBe('—');
    expect(formatDollars(undefined)).toBe('—');
    expect(formatDollars(Number.NaN)).toBe('—');
  });
});

describe('amountToCents', () => {
  it('turns API dollars into cents to add up, a missing amount into 0', () => {
    expect(amountToCents(12.5)).toBe(1250);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents(1234.567)).toBe(123457);
    expect(amountToCents(null)).toBe(0);
    expect(amountToCents(undefined)).toBe(0);
  });
});
