import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, lastBillingAddressSchema, savedCardsResponseSchema, SANDBOX_CARDS } from '@copydesk/shared';
import { bearer, createTestApp, type TestApp } from '../../test/harness.js';
import { cardPayload, orderItem, placeOrder, signInTenants, type Tenant } from '../../test/helpers.js';
import { pdfText } from '../../test/pdf-text.js';

/**
 * What the payment screen starts from (the last billing address beside the saved cards), the
 * sandbox's test cards, and an invoice that itemises add-ons.
 */
let t: TestApp;
let tok: Record<Tenant, string>;
let ids: Record<Tenant, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ tok, ids } = await signInTenants(t.app, t.db));
});
afterAll(() => t?.close());

const call = (who: Tenant, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tok[who]), ...(payload ? { payload } : {}) });
const savedCards = async (who: Tenant, userId: number) => {
  const res = await call(who, 'GET', `/api/user/getsavedcards/${userId}`);
  expect(res.statusCode, res.body).toBe(200);
  return savedCardsResponseSchema.parse(res.json());
};

describe('GET /api/user/getsavedcards/{userId}: the last billing address', () => {
  it('is null before any card payment, then the address of the latest one with the location ids', async () => {
    expect((await savedCards('agencyB', ids.agencyB)).billing_address).toBeNull();

    const first = await call('agencyB', 'POST', '/api/billing/addBalance', { paymentInfo: { balance: 20, ...cardPayload({ nameOnCard: 'Bea Bravo' }) } });
    expect(first.statusCode, first.body).toBe(200);
    expect((await savedCards('agencyB', ids.agencyB)).billing_address).toEqual({
      name: 'Bea Bravo',
      address: '500 Market Street',
      country_id: 'US',
      country: 'United States',
      state_id: 'US-CA',
      state: 'California',
      city: 'San Francisco',
      zip_code: '94105',
    });

    const order = await placeOrder(t.app, tok.agencyB);
    const paid = await call('agencyB', 'POST', '/api/order/pay', {
      paymentInfo: {
        payment_type: 'NewCard',
        termsAccepted: true,
        order_id: order,
        ...cardPayload({ address: '1 Rue de Rivoli', country: 'France', state: 'Paris', city: 'Paris', zipCode: '75001' }),
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const latest = (await savedCards('agencyB', ids.agencyB)).billing_address;
    expect(latest).toMatchObject({ address: '1 Rue de Rivoli', country_id: 'FR', country: 'France', city: 'Paris', zip_code: '75001' });
    expect(latest!.state_id).toMatch(/^FR-/);
    // Another tenant never reads it.
    expect((await call('agencyA', 'GET', `/api/user/getsavedcards/${ids.agencyB}`)).statusCode).toBe(404);
  });

  it('leaves out a country or state the location lists do not know, with what depends on it', async () => {
    const res = await call('agencyA', 'POST', '/api/billing/addBalance', {
      paymentInfo: { balance: 10, ...cardPayload({ address: '9 Nowhere Lane', country: 'United States', state: 'Atlantis', city: 'Poseidonia' }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const address = (await savedCards('agencyA', ids.agencyA)).billing_address;
    expect(lastBillingAddressSchema.parse(address)).toEqual({
      name: 'Alex Agency',
      address: '9 Nowhere Lane',
      country_id: 'US',
      country: 'United States',
      state_id: null,
      state: null,
      city: null,
      zip_code: '94105',
    });
  });
});

describe('sandbox test cards', () => {
  it('declines and refuses for lack of funds with 402, as the card forms list them', async () => {
    const declined = await call('agencyA', 'POST', '/api/billing/addBalance', {
      paymentInfo: { balance: 10, ...cardPayload({ cardNumber: SANDBOX_CARDS.declined }) },
    });
    expect([declined.statusCode, declined.json().message]).toEqual([402, billingMessages.declined]);
    const poor = await call('agencyA', 'POST', '/api/billing/addBalance', {
      paymentInfo: { balance: 10, ...cardPayload({ cardNumber: SANDBOX_CARDS.insufficientFunds }) },
    });
    expect([poor.statusCode, poor.json().message]).toEqual([402, billingMessages.insufficientFunds]);
    const ok = await call('agencyA', 'POST', '/api/billing/addBalance', {
      paymentInfo: { balance: 10, ...cardPayload({ cardNumber: SANDBOX_CARDS.success }) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('invoice PDF: add-ons', () => {
  it('prints each add-on under its item with its price, and the prices add up to the total', async () => {
    const order = await placeOrder(t.app, tok.agencyA, [
      orderItem({ articleTitle: 'Ranking guide', addOns: { addOn: 'SEO Optimisation' } }),
      orderItem({ articleTitle: 'Plain post' }),
    ]);
    const paid = await call('agencyA', 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: order } });
    expect(paid.statusCode, paid.body).toBe(200);
    const paymentId = paid.json().payment_id as number;

    const detail = (await call('agencyA', 'GET', `/api/billing/${paymentId}`)).json().data;
    expect(detail.orderBreakDown).toEqual([
      expect.objectContaining({ title: 'Ranking guide', itemWordPrice: 38, itemAddons: 'SEO Optimisation', itemAddonPrice: 10 }),
      expect.objectContaining({ title: 'Plain post', itemWordPrice: 28, itemAddons: null, itemAddonPrice: 0 }),
    ]);

    const link = new URL((await call('agencyA', 'GET', `/api/order/downloadinvoice/${paymentId}`)).json().link as string);
    const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(res.rawPayload);
    // Item at its word-count price, then its add-on line with the add-on's price.
    expect(text).toMatch(/Ranking guide\nAcme blog\nBlog Post\n500 Words\n\$28\.00\n\+ Add-on: SEO Optimisation\n\$10\.00\n/);
    expect(text).toMatch(/Plain post\nAcme blog\nBlog Post\n500 Words\n\$28\.00\n/);
    expect(text.match(/Add-on:/g)).toHaveLength(1);
    expect(text).toMatch(/Subtotal\n\$66\.00/);
    expect(text).toMatch(/Total\n\$66\.00/);
  });
});
