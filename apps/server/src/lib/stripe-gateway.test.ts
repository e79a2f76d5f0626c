import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingMessages, gatewayMessages } from '@copydesk/shared';
import { orders, payments, savedCards } from '../db/schema/index.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../test/harness.js';
import { placeOrder, userIdByEmail } from '../test/helpers.js';
import { startStripeStub, STUB_CARD_EXPIRY, type StripeStub } from '../test/stripe-stub.js';
import { AppError } from './app-error.js';
import type { ChargeRequest, PaymentGateway } from './payment-gateway.js';
import { createPaymentGateway } from './payment-gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

let stub: StripeStub;
beforeAll(async () => {
  stub = await startStripeStub();
});
afterAll(() => stub?.close());

const gatewayFor = (s: StripeStub): PaymentGateway => createStripeGateway({ secretKey: 'sk_test_copydesk', host: s.host, port: s.port, protocol: 'http' });

let keyCounter = 0;
const charge = (gateway: PaymentGateway, overrides: Partial<ChargeRequest> = {}) =>
  gateway.charge({
    agencyId: 7,
    amountCents: 2800,
    description: 'Order Payment #1',
    source: { kind: 'payment-method', paymentMethodId: 'pm_card_visa', save: false },
    idempotencyKey: `pay-test-${++keyCounter}`,
    ...overrides,
  });

/** The AppError a call fails with (the test fails if it succeeds). */
async function failure(call: Promise<unknown>): Promise<AppError> {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('stripe gateway against a local Stripe stub', () => {
  let gateway: PaymentGateway;
  beforeEach(() => {
    gateway = gatewayFor(stub);
  });

  it('confirms a PaymentIntent for the agency customer and returns the card', async () => {
    const result = await charge(gateway, { agencyId: 11, idempotencyKey: 'pay-success-1' });
    expect(result).toEqual({
      chargeRef: expect.stringMatching(/^pi_/),
      card: { last4: '4242', brand: 'visa', expMonth: STUB_CARD_EXPIRY.month, expYear: STUB_CARD_EXPIRY.year },
      savedRef: null,
    });
    const [create] = stub.calls('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === 'pay-success-1');
    const customer = [...stub.customers.values()].find((c) => (c.metadata as Record<string, string>).agency_id === '11');
    expect(create!.body).toMatchObject({
      amount: '2800',
      currency: 'usd',
      customer: customer!.id,
      payment_method: 'pm_card_visa',
      confirm: 'true',
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      description: 'Order Payment #1',
      metadata: { agency_id: '11' },
    });
    expect(create!.body.setup_future_usage).toBeUndefined();
    expect(create!.body.off_session).toBeUndefined();
    expect(create!.authorization).toBe('Bearer sk_test_copydesk');
    expect(stub.paymentIntents.get(result.chargeRef)).toMatchObject({ status: 'succeeded', amount: 2800 });
  });

  it('creates one customer per agency and reuses it', async () => {
    const before = stub.calls('POST', '/v1/customers').length;
    await charge(gateway, { agencyId: 21 });
    await charge(gateway, { agencyId: 21 });
    await charge(gatewayFor(stub), { agencyId: 21 }); // another instance finds it by search
    await charge(gateway, { agencyId: 22 });
    expect(stub.calls('POST', '/v1/customers').length - before).toBe(2);
    const customerOf = (agency: string) => [...stub.customers.values()].filter((c) => (c.metadata as Record<string, string>).agency_id === agency);
    expect(customerOf('21')).toHaveLength(1);
    expect(customerOf('22')).toHaveLength(1);
    const intents = [...stub.paymentIntents.values()].filter((p) => (p.metadata as Record<string, string>).agency_id === '21');
    expect(new Set(intents.map((p) => p.customer))).toEqual(new Set([customerOf('21')[0]!.id]));
  });

  it('gives two instances one customer even while search has not indexed it yet', async () => {
    stub.setSearchLag(true);
    try {
      const [a, b] = await Promise.all([charge(gatewayFor(stub), { agencyId: 31 }), charge(gatewayFor(stub), { agencyId: 31 })]);
      expect(a.chargeRef).not.toBe(b.chargeRef);
      const created = [...stub.customers.values()].filter((c) => (c.metadata as Record<string, string>).agency_id === '31');
      expect(created).toHaveLength(1);
      expect(stub.paymentIntents.get(a.chargeRef)!.customer).toBe(created[0]!.id);
      expect(stub.paymentIntents.get(b.chargeRef)!.customer).toBe(created[0]!.id);
      const keys = stub
        .calls('POST', '/v1/customers')
        .filter((r) => (r.body.metadata as Record<string, string>).agency_id === '31')
        .map((r) => r.idempotencyKey);
      expect(keys).toEqual(['copydesk-customer-31', 'copydesk-customer-31']);
    } finally {
      stub.setSearchLag(false);
    }
  });

  it('maps declines to the card messages (402) and other card errors to Stripe’s message', async () => {
    const cases: [string, string][] = [
      ['pm_card_chargeDeclined', billingMessages.declined],
      ['pm_card_chargeDeclinedInsufficientFunds', billingMessages.insufficientFunds],
      ['pm_card_chargeDeclinedExpiredCard', billingMessages.cardExpired],
      ['pm_card_chargeDeclinedIncorrectCvc', "Your card's security code is incorrect."],
    ];
    for (const [paymentMethodId, message] of cases) {
      const err = await failure(charge(gateway, { source: { kind: 'payment-method', paymentMethodId, save: false } }));
      expect(err.status, paymentMethodId).toBe(402);
      expect(err.message, paymentMethodId).toBe(message);
    }
    stub.failNext(402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' });
    const wrongNumber = await failure(charge(gateway));
    expect([wrongNumber.status, wrongNumber.message]).toEqual([402, billingMessages.cardInvalid]);
  });

  it('creates one PaymentIntent when a request is retried with the same idempotency key', async () => {
    const before = stub.paymentIntents.size;
    const first = await charge(gateway, { idempotencyKey: 'pay-retry-1' });
    const retried = await charge(gatewayFor(stub), { idempotencyKey: 'pay-retry-1' });
    expect(retried.chargeRef).toBe(first.chargeRef);
    expect(retried.card).toEqual(first.card);
    expect(stub.paymentIntents.size - before).toBe(1);
    const sent = stub.calls('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === 'pay-retry-1');
    expect(sent).toHaveLength(2);
  });

  it('replays a decline for a retried key instead of charging again', async () => {
    const source = { kind: 'payment-method', paymentMethodId: 'pm_card_chargeDeclined', save: false } as const;
    const before = stub.paymentIntents.size;
    expect((await failure(charge(gateway, { source, idempotencyKey: 'pay-declined-retry' }))).status).toBe(402);
    expect((await failure(charge(gateway, { source, idempotencyKey: 'pay-declined-retry' }))).message).toBe(billingMessages.declined);
    expect(stub.paymentIntents.size - before).toBe(1);
  });

  it('saves a card for later and charges it off-session', async () => {
    const saved = await charge(gateway, { agencyId: 41, source: { kind: 'payment-method', paymentMethodId: 'pm_card_mastercard', save: true } });
    expect(saved.savedRef).toMatch(/^pm_/);
    expect(saved.savedRef).not.toBe('pm_card_mastercard');
    expect(saved.card).toMatchObject({ last4: '4444', brand: 'mastercard' });
    const firstIntent = stub.paymentIntents.get(saved.chargeRef)!;
    expect(firstIntent.setup_future_usage).toBe('off_session');
    expect(stub.paymentMethods.get(saved.savedRef!)!.customer).toBe(firstIntent.customer);

    const again = await charge(gateway, {
      agencyId: 41,
      amountCents: 1500,
      source: { kind: 'saved', gatewayRef: saved.savedRef! },
      idempotencyKey: 'pay-saved-1',
    });
    expect(again).toEqual({ chargeRef: expect.stringMatching(/^pi_/), card: null, savedRef: null });
    const [request] = stub.calls('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === 'pay-saved-1');
    expect(request!.body).toMatchObject({ payment_method: saved.savedRef, off_session: 'true', customer: firstIntent.customer, amount: '1500' });

    // Another agency cannot charge that PaymentMethod.
    const stolen = await failure(charge(gateway, { agencyId: 42, source: { kind: 'saved', gatewayRef: saved.savedRef! } }));
    expect([stolen.status, stolen.errors]).toEqual([422, { paymentMethodId: [gatewayMessages.paymentMethodUnknown] }]);
  });

  it('refuses a PaymentMethod Stripe does not know with a field error', async () => {
    const err = await failure(charge(gateway, { source: { kind: 'payment-method', paymentMethodId: 'pm_does_not_exist', save: false } }));
    expect([err.status, err.errors]).toEqual([422, { paymentMethodId: [gatewayMessages.paymentMethodUnknown] }]);
  });

  it('refuses raw card numbers without calling Stripe', async () => {
    const before = stub.requests.length;
    const err = await failure(
      charge(gateway, { source: { kind: 'new', save: false, card: { number: '4242424242424242', expMonth: 4, expYear: 2099, cvc: '123', name: 'A' } } }),
    );
    expect([err.status, err.message, err.errors]).toEqual([422, gatewayMessages.rawCardRefused, { cardNumber: [gatewayMessages.rawCardRefused] }]);
    expect(stub.requests.length).toBe(before);
  });

  it('refuses a card that needs 3-D Secure and cancels its PaymentIntent', async () => {
    const err = await failure(
      charge(gateway, { source: { kind: 'payment-method', paymentMethodId: 'pm_card_authenticationRequired', save: false }, idempotencyKey: 'pay-3ds' }),
    );
    expect([err.status, err.message]).toEqual([402, gatewayMessages.authenticationRequired]);
    const canceled = [...stub.paymentIntents.values()].filter((p) => p.status === 'canceled');
    expect(canceled).toHaveLength(1);
    expect(canceled[0]!.amount_received).toBe(0);
    expect(stub.calls('POST', `/v1/payment_intents/${String(canceled[0]!.id)}/cancel`)).toHaveLength(1);
  });

  it('finds a charge whose answer was lost by the key it was made under (reconciliation)', async () => {
    const made = await charge(gateway, { agencyId: 61, idempotencyKey: 'copydesk-agency-61-payment-9' });
    const [create] = stub.calls('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === 'copydesk-agency-61-payment-9');
    expect((create!.body.metadata as Record<string, string>).copydesk_charge_key).toBe('copydesk-agency-61-payment-9');
    expect(await gateway.lookup('copydesk-agency-61-payment-9')).toEqual({ status: 'captured', result: made });
    expect(await gateway.lookup('copydesk-agency-61-payment-10')).toEqual({ status: 'not_found' });
    // A 3-D Secure intent left waiting is cancelled and reported as nothing taken.
    await failure(
      charge(gateway, {
        source: { kind: 'payment-method', paymentMethodId: 'pm_card_authenticationRequired', save: false },
        idempotencyKey: 'copydesk-agency-61-payment-11',
      }),
    );
    expect(await gateway.lookup('copydesk-agency-61-payment-11')).toEqual({ status: 'failed' });
    expect(gateway.lookupLagMs).toBeGreaterThan(60_000);
  });

  it('creates a SetupIntent for the agency customer', async () => {
    const result = await gateway.setupIntent(51);
    expect(result).toEqual({ gateway: 'stripe', client_secret: expect.stringMatching(/^seti_\w+_secret_\w+$/) });
    const [request] = stub.calls('POST', '/v1/setup_intents').slice(-1);
    const customer = [...stub.customers.values()].find((c) => (c.metadata as Record<string, string>).agency_id === '51');
    expect(request!.body).toEqual({ customer: customer!.id, usage: 'off_session' });
  });

  it('refunds a PaymentIntent, once per charge', async () => {
    const { chargeRef } = await charge(gateway, { amountCents: 4200 });
    await gateway.refund(chargeRef, 4200);
    await gateway.refund(chargeRef, 4200); // a retry replays the first refund
    const made = [...stub.refunds.values()].filter((r) => r.payment_intent === chargeRef);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ amount: 4200, status: 'succeeded' });
    expect(stub.calls('POST', '/v1/refunds').filter((r) => r.body.payment_intent === chargeRef)[0]!.body).toEqual({
      payment_intent: chargeRef,
      amount: '4200',
    });
  });

  it('answers 503 when Stripe fails or cannot be reached', async () => {
    stub.failNext(500, { type: 'api_error', message: 'An unknown error occurred' });
    const apiError = await failure(charge(gateway));
    expect([apiError.status, apiError.message]).toEqual([503, billingMessages.gatewayUnavailable]);

    // A port with nothing listening: connection refused.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const offline = createStripeGateway({ secretKey: 'sk_test_copydesk', host: '127.0.0.1', port: closed, protocol: 'http' });
    const refused = await failure(charge(offline));
    expect([refused.status, refused.message]).toEqual([503, billingMessages.gatewayUnavailable]);
    expect((await failure(offline.setupIntent(1))).status).toBe(503);
  });

  it('is what PAYMENT_GATEWAY=stripe selects, pointed at STRIPE_API_URL', async () => {
    const selected = await createPaymentGateway({ paymentGateway: 'stripe', stripeSecretKey: 'sk_test_copydesk', stripeApiUrl: stub.url });
    expect(selected.name).toBe('stripe');
    expect((await charge(selected, { agencyId: 61 })).card?.last4).toBe('4242');
    expect((await createPaymentGateway({ paymentGateway: 'sandbox' })).name).toBe('sandbox');
  });
});

describe('paying through the API with PAYMENT_GATEWAY=stripe', () => {
  let t: TestApp;
  let agency: string;
  const billing = {
    nameOnCard: 'Alex Agency',
    address: '500 Market Street',
    country: 'United States',
    state: 'California',
    city: 'San Francisco',
    zipCode: '94105',
  };

  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_API_URL: stub.url });
    agency = await loginAs(t.app, demo.agency);
  });
  afterAll(() => t?.close());

  const pay = (paymentInfo: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/order/pay', headers: { ...bearer(agency), ...headers }, payload: { paymentInfo } });

  it('pays an order with a PaymentMethod id, saves the card and keeps the card from Stripe', async () => {
    const orderId = await placeOrder(t.app, agency);
    const res = await pay({ payment_type: 'NewCard', order_id: orderId, paymentMethodId: 'pm_card_visa', saveCard: true, termsAccepted: true, ...billing });
    expect(res.statusCode, res.body).toBe(200);
    const [payment] = await t.db.select().from(payments).where(eq(payments.id, res.json().payment_id));
    expect(payment).toMatchObject({ gateway: 'stripe', cardLast4: '4242', cardExpiry: `12/${String(STUB_CARD_EXPIRY.year % 100)}`, amountCents: 2800 });
    expect(stub.paymentIntents.get(payment!.gatewayRef!)).toMatchObject({ status: 'succeeded', amount: 2800, setup_future_usage: 'off_session' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paidAt).not.toBeNull();

    const agencyId = await userIdByEmail(t.db, demo.agency);
    const cards = await t.db.select().from(savedCards).where(eq(savedCards.agencyId, agencyId));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ gateway: 'stripe', last4: '4242', gatewayRef: expect.stringMatching(/^pm_/) });

    // The saved card pays the next order off-session.
    const next = await placeOrder(t.app, agency);
    const bySaved = await pay({ payment_type: 'SavedCard', order_id: next, savedCardid: cards[0]!.id, termsAccepted: true });
    expect(bySaved.statusCode, bySaved.body).toBe(200);
    const [second] = await t.db.select().from(payments).where(eq(payments.id, bySaved.json().payment_id));
    expect(second).toMatchObject({ method: 'SavedCard', cardLast4: '4242', gateway: 'stripe' });
    const lastIntent = stub.calls('POST', '/v1/payment_intents').at(-1)!;
    expect(lastIntent.body).toMatchObject({ payment_method: cards[0]!.gatewayRef, off_session: 'true' });
  });

  it('refuses a raw card number in stripe mode with 422, charging nothing', async () => {
    const orderId = await placeOrder(t.app, agency);
    const before = stub.requests.length;
    const year = String(new Date().getUTCFullYear() + 2);
    const res = await pay({
      payment_type: 'NewCard',
      order_id: orderId,
      cardNumber: '4242 4242 4242 4242',
      cardCvc: '123',
      month: '04',
      year,
      termsAccepted: true,
      ...billing,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'card.raw_number_refused',
      message: gatewayMessages.rawCardRefused,
      errors: { cardNumber: [gatewayMessages.rawCardRefused] },
    });
    expect(stub.requests.length).toBe(before);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paidAt).toBeNull();
    expect(t.logs.join('\n')).not.toContain('4242424242424242');
    expect(t.logs.join('\n')).not.toContain('4242 4242 4242 4242');
  });

  it('shows a decline with 402 and charges once for a repeated Idempotency-Key', async () => {
    const orderId = await placeOrder(t.app, agency);
    const declined = await pay({ payment_type: 'NewCard', order_id: orderId, paymentMethodId: 'pm_card_chargeDeclined', termsAccepted: true, ...billing });
    expect([declined.statusCode, declined.json().message]).toEqual([402, billingMessages.declined]);

    const before = stub.paymentIntents.size;
    const body = { payment_type: 'NewCard', order_id: orderId, paymentMethodId: 'pm_card_visa', termsAccepted: true, ...billing };
    const first = await pay(body, { 'idempotency-key': 'stripe-api-retry-1' });
    const repeat = await pay(body, { 'idempotency-key': 'stripe-api-retry-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    expect(stub.paymentIntents.size - before).toBe(1);
  });

  it('tops up the wallet and hands out a SetupIntent', async () => {
    const balance = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/billing/getAvailableBalance/${await userIdByEmail(t.db, demo.agency)}`, headers: bearer(agency) })).json()
        .balance as number;
    const start = await balance();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/billing/addBalance',
      headers: bearer(agency),
      payload: { paymentInfo: { balance: 75, paymentMethodId: 'pm_card_mastercard', ...billing } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance()).toBe(start + 75);

    const setup = await t.app.inject({ method: 'GET', url: '/api/user/setup-intent', headers: bearer(agency) });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toEqual({ gateway: 'stripe', client_secret: expect.stringMatching(/^seti_/) });
  });
});
