import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { users } from '../../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { signUpPayload, uniqueEmail } from '../../test/helpers.js';

/**
 * Phone numbers by the phone field's own rule (packages/shared/src/phone.ts) on every call that
 * takes one: sign-up, Contact Information, editing a user and adding one. Each stores E.164.
 */

let t: TestApp;
let agency: string;

beforeAll(async () => {
  t = await createTestApp();
  agency = await loginAs(t.app, demo.agency);
});
afterAll(() => t?.close());

const post = (url: string, token: string | null, payload: object) => t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload });
const storedPhone = async (email: string) => (await t.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.email, email)))[0]?.phone;

const contact = {
  name: 'Alex Agency',
  countryCode: 'GB',
  company_name: 'Acme Media',
  role_designation: 'Director',
  address: '12 High Street',
  city: 'Carlisle',
  state: 'Cumbria',
  state_id: 'GB-CMA',
  country: 'United Kingdom',
  country_id: 'GB',
  zipCode: 'CA12 5AB',
};

// The UK mobile the phone field formats as +44 7700 900123, which the server used to refuse.
const VALID: [string, string, string][] = [
  ['UK mobile', '+44 7700 900123', '+447700900123'],
  ['UK landline', '+44 20 7946 0958', '+442079460958'],
  ['US', '+1 202 555 0123', '+12025550123'],
  ['German landline', '+49 30 123456', '+4930123456'],
  ['German mobile', '+49 170 1234567', '+491701234567'],
];
const INVALID = ['+44 7700 90', '+44 7700 900123 4', '+1 555 0100', '+1 202 555 01234', '+49 1', '+999 123 456 789', 'call me'];

describe('valid international numbers', () => {
  it.each(VALID)('sign-up takes a %s number (%s)', async (_kind, typed, e164) => {
    const payload = signUpPayload({ contact_number: typed, countryCode: 'US' });
    const res = await post('/api/register', null, payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedPhone(payload.sign.email)).toBe(e164);
  });

  it.each(VALID)('Contact Information takes a %s number (%s)', async (_kind, typed, e164) => {
    const res = await post('/api/update/updateInfo', agency, { ...contact, phoneNumber: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.phoneNumber).toBe(e164);
  });

  it.each(VALID)('editing a user takes a %s number (%s)', async (_kind, typed, e164) => {
    const res = await post('/api/update/updateUserInfo', agency, { sign: { name: 'Alex Agency', phoneNumber: typed } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.phoneNumber).toBe(e164);
  });

  it.each(VALID)('adding an associate takes a %s number (%s)', async (_kind, typed, e164) => {
    const email = uniqueEmail('phone');
    const res = await post('/api/register', agency, { sign: { name: 'Sam Associate', email, contact_number: typed, countryCode: 'US' } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await storedPhone(email)).toBe(e164);
  });

  it('stores the country of the number, else the phone input’s in capitals (the phone field cannot draw `gb`)', async () => {
    const payload = signUpPayload({ contact_number: '+44 7700 900123', countryCode: 'gb' });
    expect((await post('/api/register', null, payload)).statusCode).toBe(201);
    const [row] = await t.db.select({ phone: users.phoneNumber, country: users.countryCode }).from(users).where(eq(users.email, payload.sign.email));
    expect(row).toEqual({ phone: '+447700900123', country: 'GB' });
    const email = uniqueEmail('phone');
    await post('/api/register', agency, { sign: { name: 'Sam Associate', email, contact_number: '+1 613 555 0123', countryCode: 'us' } });
    const [added] = await t.db.select({ country: users.countryCode }).from(users).where(eq(users.email, email));
    expect(added!.country).toBe('CA');
  });

  it('reads a national number in the country of the phone input', async () => {
    const res = await post('/api/update/updateInfo', agency, { ...contact, phoneNumber: '07700 900123', countryCode: 'GB' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ phoneNumber: '+447700900123', countryCode: 'GB' });
  });
});

describe('invalid numbers: 422 with the message under the phone field', () => {
  it.each(INVALID)('sign-up refuses %j', async (typed) => {
    const payload = signUpPayload({ contact_number: typed });
    const res = await post('/api/register', null, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: messages.phoneInvalid, errors: { 'sign.contact_number': [messages.phoneInvalid] } });
    expect(await storedPhone(payload.sign.email)).toBeUndefined();
  });

  it.each(INVALID)('Contact Information refuses %j', async (typed) => {
    const res = await post('/api/update/updateInfo', agency, { ...contact, phoneNumber: typed });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: messages.phoneInvalid, errors: { phoneNumber: [messages.phoneInvalid] } });
  });

  it.each(INVALID)('editing a user refuses %j', async (typed) => {
    const res = await post('/api/update/updateUserInfo', agency, { sign: { name: 'Alex Agency', phoneNumber: typed } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: messages.phoneInvalid, errors: { 'sign.phoneNumber': [messages.phoneInvalid] } });
  });

  it.each(INVALID)('adding an associate refuses %j', async (typed) => {
    const email = uniqueEmail('phone');
    const res = await post('/api/register', agency, { sign: { name: 'Sam Associate', email, contact_number: typed } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: messages.phoneInvalid, errors: { 'sign.contact_number': [messages.phoneInvalid] } });
    expect(await storedPhone(email)).toBeUndefined();
  });
});
