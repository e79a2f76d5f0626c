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
});
