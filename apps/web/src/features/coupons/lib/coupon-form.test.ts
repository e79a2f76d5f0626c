import { describe, expect, it } from 'vitest';
import { couponAdminMessages as m, messages } from '@copydesk/shared';
import { coupon } from '../testing/fixtures';
import { couponToForm, emptyCouponForm, typedAmount, typedCode, typedLimit, validateCouponForm } from './coupon-form';
import { agenciesText, couponAmountText, formatDay } from './format';

const TODAY = '2026-03-10';
const filled = { ...emptyCouponForm, coupon_code: 'SPRING10', type: 'fixed' as const, amount: '5', expiry: '2026-03-10', limit: '3' };

describe('coupon form rules', () => {
  it('filters the code, amount and limit as typed', () => {
    expect(typedCode(' SPRING 10\t')).toEqual({ value: 'SPRING10', hadSpace: true });
    expect(typedCode('SPRING10')).toEqual({ value: 'SPRING10', hadSpace: false });
    expect(typedAmount('$1,250.5', '')).toBe('1250.5');
    expect(typedAmount('12.5.', '12.5')).toBe('12.5');
    expect(typedAmount('12.555', '12.55')).toBe('12.55');
    expect(typedAmount('.5', '')).toBe('.5');
    expect(typedLimit('1 000 000 0')).toBe('1000000');
  });

  it("builds the original portal's payload: numbers, comma-separated agency ids, '' for all agencies", () => {
    expect(validateCouponForm({ ...filled, agencies: ['32', '31'] }, { today: TODAY }).payload).toEqual({
      coupon_code: 'SPRING10',
      type: 'fixed',
      amount: 5,
      user_id: '32,31',
      expiry: '2026-03-10',
      limit: 3,
    });
    expect(validateCouponForm(filled, { today: TODAY }).payload?.user_id).toBe('');
  });

  it('reports the first problem per field with the shared messages', () => {
    expect(validateCouponForm(emptyCouponForm, { today: TODAY }).errors).toEqual({
      coupon_code: messages.fieldRequired,
      type: messages.fieldRequired,
      amount: messages.fieldRequired,
      expiry: messages.fieldRequired,
      limit: messages.fieldRequired,
    });
    const { errors, payload } = validateCouponForm({ ...filled, type: 'percentage', amount: '100.01', limit: '0', expiry: '2026-03-09' }, { today: TODAY });
    expect(payload).toBeUndefined();
    expect(errors).toEqual({ amount: m.percentageMax, limit: m.limitMin, expiry: m.expiryPast });
    expect(validateCouponForm({ ...filled, type: 'percentage', amount: '100' }, { today: TODAY }).payload?.amount).toBe(100);
  });

  it('lets an edited coupon keep its own past expiry, but not move to another past day', () => {
    expect(validateCouponForm({ ...filled, expiry: '2020-01-31' }, { today: TODAY, savedExpiry: '2020-01-31' }).payload).toBeDefined();
    expect(validateCouponForm({ ...filled, expiry: '2020-01-30' }, { today: TODAY, savedExpiry: '2020-01-31' }).errors.expiry).toBe(m.expiryPast);
  });

  it('reads a saved coupon back into the form', () => {
    expect(couponToForm(coupon({ user_id: '31,32', status: 0, amount: 12.5 }))).toMatchObject({ agencies: ['31', '32'], status: '0', amount: '12.5' });
  });
});

describe('coupon formatting', () => {
  it('shows money for fixed coupons and percent for percentage ones', () => {
    expect(couponAmountText({ type: 'fixed', amount: 1250.5 })).toBe('$1,250.50');
    expect(couponAmountText({ type: 'percentage', amount: 12.5 })).toBe('12.5%');
  });

  it('names the agencies, or says all agencies', () => {
    const agencies = [{ id: 31, name: 'Alex', email: 'a@x.test', company_name: 'Acme Media', status: 1 }];
    expect(agenciesText('', agencies)).toBe('All agencies');
    expect(agenciesText('31,40', agencies)).toBe('Acme Media, Agency #40');
  });

  it('shows an expiry as the same calendar day west of Greenwich too', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // Local midnight there is the evening before: a plain toLocaleDateString would say Feb 28.
      expect(new Date('2026-03-01T00:00:00Z').getDate()).toBe(28);
      expect(formatDay('2026-03-01')).toMatch(/\b1\b/);
      expect(formatDay('2026-03-01')).not.toMatch(/28/);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
