import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_MAX, messages } from '@copydesk/shared';
import { payments } from '../../db/schema/index.js';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { cardPayload, placeOrder, signInTenants, type Tenant } from '../../test/helpers.js';

/**
 * International billing addresses on the card payments (packages/shared/src/zip-code.ts): zip and
 * postal codes of any country kept as typed, and a typed city where the state has no city list.
 */

let t: TestApp;
let tok: Record<Tenant, string>;
let ids: Record<Tenant, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInTenants(t.app, t.db));
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tok.agencyA), ...(payload ? { payload } : {}) });
const payByCard = async (card: Record<string, unknown>) =>
  call('POST', '/api/order/pay', {
    paymentInfo: { payment_type: 'NewCard', termsAccepted: true, order_id: await placeOrder(t.app, tok.agencyA), ...cardPayload(card) },
  });
const topUpByCard = (card: Record<string, unknown>) => call('POST', '/api/billing/addBalance', { paymentInfo: { balance: 5, ...cardPayload(card) } });

async function lastPayment() {
  const [row] = await t.db.select().from(payments).where(eq(payments.agencyId, ids.agencyA)).orderBy(desc(payments.id)).limit(1);
  return row!;
}

const uk = { address: '12 High Street', country: 'United Kingdom', state: 'Cumbria', city: 'Carlisle', zipCode: 'CA12 5AB' };

describe('zip and postal codes on the card forms', () => {
  it.each([
    ['United Kingdom', 'CA12 5AB'],
    ['Canada', 'K1A 0B1'],
    ['Netherlands', '1234 AB'],
    ['United States', '12345-6789'],
  ])('a payment from %s keeps %s as typed', async (country, zipCode) => {
    const res = await payByCard({ country, zipCode: ` ${zipCode} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastPayment()).toMatchObject({ kind: 'order', billingCountry: country, billingZip: zipCode });
  });

  it('a card top-up keeps a postal code as typed', async () => {
    const res = await topUpByCard(uk);
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastPayment()).toMatchObject({ kind: 'topup', billingZip: 'CA12 5AB', billingCity: 'Carlisle' });
  });

  it.each([
    ['too long', '12345-67890'],
    ['too long with spaces', 'CA12 5AB 99'],
    ['an underscore', '12_345'],
    ['a symbol', 'CA12@5AB'],
    ['a letter outside A–Z', 'ÄB 123'],
    ['a leading hyphen', '-1234'],
  ])('refuses a code with %s (422 with the rule)', async (_case, zipCode) => {
    const before = await lastPayment();
    for (const res of [await payByCard({ zipCode }), await topUpByCard({ zipCode })]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'validation.failed',
        message: messages.zipCodeInvalid,
        errors: { 'paymentInfo.zipCode': [messages.zipCodeInvalid] },
      });
    }
    expect((await lastPayment()).id).toBe(before.id);
  });

  it('still asks for a missing code first', async () => {
    const res = await payByCard({ zipCode: '  ', nameOnCard: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.requiredFields);
  });
});

describe('cities on the card forms', () => {
  it('takes a typed city, trimmed, for a state without a city list', async () => {
    // Cumbria has no city list (the form shows a free-text City): the list answers none.
    const list = await call('GET', '/api/getCitiesByStates/GB-CMA');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    const res = await payByCard({ ...uk, city: '  Carlisle  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastPayment()).toMatchObject({ billingCountry: 'United Kingdom', billingState: 'Cumbria', billingCity: 'Carlisle', billingZip: 'CA12 5AB' });
  });

  it('takes a city of the list for a state with one', async () => {
    const list = await call('GET', '/api/getCitiesByStates/US-IL');
    expect(list.json().data).toContainEqual({ id: 'Springfield', name: 'Springfield' });
    const res = await payByCard({ country: 'United States', state: 'Illinois', city: 'Springfield', zipCode: '62701' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastPayment()).toMatchObject({ billingState: 'Illinois', billingCity: 'Springfield' });
  });

  it('refuses a blank city and one longer than the limit', async () => {
    let res = await payByCard({ ...uk, city: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'paymentInfo.city': [messages.requiredFields] });
    res = await payByCard({ ...uk, city: 'x'.repeat(CITY_MAX + 1) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'paymentInfo.city': [messages.fieldTooLong(CITY_MAX)] });
  });

  it('starts the next card form from a typed city and postal code', async () => {
    expect((await payByCard({ ...uk, city: 'Keswick', zipCode: 'CA12 4AB' })).statusCode).toBe(200);
    const res = await call('GET', `/api/user/getsavedcards/${ids.agencyA}`);
    expect(res.json().billing_address).toMatchObject({
      country_id: 'GB',
      country: 'United Kingdom',
      state_id: 'GB-CMA',
      state: 'Cumbria',
      city: 'Keswick',
      zip_code: 'CA12 4AB',
    });
  });
});
