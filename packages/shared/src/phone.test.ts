import { describe, expect, it } from 'vitest';
import { messages } from './messages.js';
import { parsePhone, phoneCountry, phoneProblem } from './phone.js';
import { signUpFieldsSchema } from './schemas/auth.js';
import { addUserFieldsSchema, updateInfoSchema } from './schemas/users.js';

describe('parsePhone', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+1 202 555 0123', '+12025550123'],
    ['+1 (415) 555-0199', '+14155550199'],
    ['+49 30 123456', '+4930123456'],
    ['+49 170 1234567', '+491701234567'],
  ])('takes %s as %s', (typed, e164) => {
    expect(parsePhone(typed)?.number).toBe(e164);
    expect(phoneProblem(typed)).toBeNull();
  });

  it('reads a national number in the hinted country, whatever its case', () => {
    expect(parsePhone('07700 900123', 'gb')).toEqual({ number: '+447700900123', country: 'GB' });
    // +44 is shared by GB, GG, IM and JE: an international number alone names no country.
    expect(parsePhone('+44 7700 900123')).toEqual({ number: '+447700900123', country: null });
    expect(parsePhone('(415) 555-0142', 'US')).toEqual({ number: '+14155550142', country: 'US' });
    expect(parsePhone('030 123456', 'DE')).toEqual({ number: '+4930123456', country: 'DE' });
    // No country, no calling code: nothing says which country it is.
    expect(parsePhone('07700 900123')).toBeNull();
    expect(parsePhone('07700 900123', 'XX')).toBeNull();
  });

  it.each(['+44 12', '+1 555 0100', '+1 202 555 01234', '+999 123 456 789', '12', 'call me', '+49 1', `+1 202 555 0123${' '.repeat(40)}0`])(
    'refuses %j',
    (typed) => {
      expect(parsePhone(typed)).toBeNull();
      expect(phoneProblem(typed)).toBe(messages.phoneInvalid);
    },
  );

  it('leaves an empty field to the required check', () => {
    for (const empty of [undefined, null, '', '   ']) expect(phoneProblem(empty)).toBeNull();
  });

  it('names a phone input country in capitals, and nothing for what is not one', () => {
    expect(phoneCountry(' us ')).toBe('US');
    expect(phoneCountry('GB')).toBe('GB');
    for (const other of ['XX', 'usa', '', null, undefined]) expect(phoneCountry(other)).toBeUndefined();
  });
});

describe('the contracts with a phone and its country check it by the same rule', () => {
  const signUp = (contact_number: string) => ({
    name: 'Ada',
    email: 'ada@example.com',
    password: 'correct horse',
    confirmPassword: 'correct horse',
    termsandcondition: true,
    countryCode: 'GB',
    contact_number,
  });
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

  it('sign-up, Contact Information and adding a user take +44 7700 900123 and refuse numbers too short', () => {
    expect(issues(signUpFieldsSchema.safeParse(signUp('+447700900123')))).toEqual([]);
    expect(issues(signUpFieldsSchema.safeParse(signUp('+44770090')))).toEqual([['contact_number', messages.phoneInvalid]]);
    expect(issues(addUserFieldsSchema.safeParse({ name: 'Sam', email: 'sam@example.com', contact_number: '+44770090' }))).toEqual([
      ['contact_number', messages.phoneInvalid],
    ]);
    const contact = {
      name: 'Ada',
      company_name: 'A',
      role_designation: 'B',
      state: 'Cumbria',
      city: 'Carlisle',
      country: 'United Kingdom',
      zipCode: 'CA12 5AB',
    };
    expect(issues(updateInfoSchema.safeParse({ ...contact, phoneNumber: '07700 900123', countryCode: 'GB' }))).toEqual([]);
    expect(issues(updateInfoSchema.safeParse({ ...contact, phoneNumber: '07700 9', countryCode: 'GB' }))).toEqual([['phoneNumber', messages.phoneInvalid]]);
  });
});
