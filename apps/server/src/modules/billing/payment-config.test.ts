import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentConfigResponseSchema } from '@copydesk/shared';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';

/** Splits a CSP header into its directives: `{ 'script-src': ["'self'"], ... }`. */
function directives(header: string | string[] | number | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

describe('sandbox mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_GATEWAY: 'sandbox', STRIPE_PUBLISHABLE_KEY: 'pk_test_ignored' });
  });
  afterAll(() => t?.close());

  it('tells anyone, signed in or not, that cards go through the sandbox, with no key', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ gateway: 'sandbox', publishable_key: null });
    expect(paymentConfigResponseSchema.parse(visitor.json())).toEqual(visitor.json());

    const agency = await loginAs(t.app, demo.agency);
    const signedIn = await t.app.inject({ method: 'GET', url: '/api/payment-config', headers: bearer(agency) });
    expect(signedIn.json()).toEqual({ gateway: 'sandbox', publishable_key: null });
  });

  it('keeps the strict CSP: nothing from Stripe may load', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(String(res.headers['content-security-policy'])).not.toContain('stripe');
  });
});

describe('stripe mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENT_GATEWAY: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_copydesk',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_copydesk',
      // Never reached: nothing here charges a card.
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => t?.close());

  it('hands the browser the publishable key, never the secret key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ gateway: 'stripe', publishable_key: 'pk_test_copydesk' });
    expect(res.body).not.toContain('sk_test');
  });

  it('lets Stripe.js load its script, its card frames and call its API, and nothing wider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payment-config' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(csp['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });
});
