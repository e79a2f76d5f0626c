import { describe, expect, it } from 'vitest';
import { addBalanceInfoSchema, messages } from '@copydesk/shared';
import { cardInfo, emptyCard, explainIssues, expiryYears, groupCardNumber, MONTHS, typedCardNumber, typedCvc } from './card-form';

describe('card form input rules', () => {
  it('groups the card number in fours as it is typed', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(typedCardNumber('42424')).toBe('4242 4');
    expect(typedCardNumber('4242 4242 42')).toBe('4242 4242 42');
  });

  it('keeps at most 19 digits', () => {
    expect(typedCardNumber('12345678901234567890123')?.replace(/ /g, '')).toBe('1234567890123456789');
  });

  it('refuses anything but digits in the card number and the CVC', () => {
    expect(typedCardNumber('4242a')).toBeNull();
    expect(typedCardNumber('4242-4242')).toBeNull();
    expect(typedCvc('12a')).toBeNull();
    expect(typedCvc('1234')).toBe('123');
  });

  it('offers months 01 to 12 and years from this year through +10', () => {
    expect(MONTHS).toEqual(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']);
    expect(expiryYears(new Date(2026, 5, 1))).toEqual(['2026', '2027', '2028', '2029', '2030', '2031', '2032', '2033', '2034', '2035', '2036']);
  });

  it('sends the card number without spaces and the place by name', () => {
    const info = cardInfo({
      ...emptyCard,
      cardNumber: '4242 4242 4242 4242',
      location: { country_id: '233', country: 'United States', state_id: '14', state: 'Illinois', city: 'Springfield' },
    });
    expect(info).toMatchObject({ cardNumber: '4242424242424242', country: 'United States', state: 'Illinois', city: 'Springfield' });
  });

  it('gives every field with a problem its message, and names missing fields first', () => {
    const parsed = addBalanceInfoSchema.safeParse({ balance: '10', ...cardInfo(emptyCard) });
    expect(parsed.success).toBe(false);
    const { invalid, message } = explainIssues(parsed.success ? [] : parsed.error.issues);
    expect(message).toBe(messages.requiredFields);
    const required = messages.requiredFields;
    expect(invalid).toMatchObject({
      cardNumber: required,
      month: required,
      year: required,
      cardCvc: required,
      nameOnCard: required,
      zipCode: required,
      city: required,
    });
    expect(invalid.balance).toBeUndefined();
  });
});
