import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, env: 'development', paymentGateway: 'sandbox', databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('lists every bad value at once', () => {
    const bad = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PAYMENT_GATEWAY: 'paypal', PUBLIC_URL: 'not a url' });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const text = (err as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'PAYMENT_GATEWAY', 'PUBLIC_URL']) expect(text).toContain(`- ${key}:`);
    }
  });

  it('refuses the sandbox gateway in production and stripe without a key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY: sandbox is refused in production/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('needs a publishable key for the browser in stripe mode, and hands none out in sandbox mode', () => {
    const stripe = { PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'sk_test_copydesk' };
    expect(() => loadConfig(stripe)).toThrow(/- STRIPE_PUBLISHABLE_KEY: required when PAYMENT_GATEWAY=stripe/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: '' })).toThrow(/STRIPE_PUBLISHABLE_KEY: required/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'sk_test_copydesk' })).toThrow(/STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key/);
    expect(() => loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_copydesk' })).toThrow(/STRIPE_PUBLISHABLE_KEY: is a live key but STRIPE_SECRET_KEY is a test key/);
    expect(loadConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_test_copydesk' })).toMatchObject({ paymentGateway: 'stripe', stripePublishableKey: 'pk_test_copydesk' });
    expect(loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_copydesk' }).stripePublishableKey).toBeNull();
  });
});
