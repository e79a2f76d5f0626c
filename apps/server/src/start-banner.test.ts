import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startBanner } from './start-banner.js';

const production = {
  NODE_ENV: 'production',
  PAYMENT_GATEWAY: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_SECRETSTRIPEKEY',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_publishable',
  APP_KEY: 'APPKEYSECRET'.repeat(3),
  DATABASE_URL: 'postgres://copydesk:DBPASSWORD@db:5432/copydesk',
  SMTP_URL: 'smtps://mailer:SMTPPASSWORD@smtp.example.com',
  PUBLIC_URL: 'https://copydesk.example.com',
};

describe('start banner', () => {
  it('tells a development start what it hands out and how to run in production', () => {
    const text = startBanner(loadConfig({ DATA_DIR: '/srv/copydesk/data' }));
    expect(text).toContain('Copydesk is running at http://localhost:3000 in development mode');
    expect(text).toContain('password demopass123');
    expect(text).toContain('admin@example.com');
    expect(text).toMatch(/sandbox.*no money moves/);
    expect(text).toContain('http://localhost:3000/dev/mailbox');
    expect(text).toMatch(/only from this machine.*or for a signed-in admin/s);
    expect(text).toContain('/srv/copydesk/data/db');
    for (const variable of ['NODE_ENV=production', 'DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'APP_KEY', 'PAYMENT_GATEWAY=stripe']) {
      expect(text).toContain(variable);
    }
  });

  it('says when the dev mailbox is off because SMTP is configured, without printing the SMTP password', () => {
    const text = startBanner(loadConfig({ SMTP_URL: 'smtp://dev:SMTPPASSWORD@localhost:1025', DATABASE_URL: 'memory:' }));
    expect(text).toContain('dev mailbox is off');
    expect(text).not.toContain('/dev/mailbox');
    expect(text).toContain('in memory');
    expect(text).not.toContain('SMTPPASSWORD');
  });

  it('tells a production start that none of it is there, and prints no secret', () => {
    const text = startBanner(loadConfig(production));
    expect(text).toContain('Copydesk is running at https://copydesk.example.com in production mode');
    expect(text).toContain('No demo accounts, no sandbox cards, no dev mailbox');
    expect(text).not.toContain('demopass123');
    expect(text).not.toContain('/dev/mailbox');
    expect(text).not.toContain('!');
    for (const secret of ['SECRETSTRIPEKEY', 'APPKEYSECRET', 'DBPASSWORD', 'SMTPPASSWORD']) expect(text).not.toContain(secret);
  });

  it('warns a production start that would lose emails or link to localhost', () => {
    const text = startBanner(loadConfig({ ...production, SMTP_URL: undefined, PUBLIC_URL: undefined }));
    expect(text).toContain('SMTP_URL is not set');
    expect(text).toContain('PUBLIC_URL is not set');
  });
});
