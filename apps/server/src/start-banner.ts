import type { Config } from './config.js';
import { DEMO_PASSWORD } from './seed/index.js';
import { embeddedDatabaseDir } from './db/template-file.js';

/**
 * What `npm start` prints once it listens: the mode, what that mode hands out, and how to leave it.
 * Names of settings only, never their values (URLs may hold passwords).
 */
export function startBanner(config: Config): string {
  const database = !config.databaseUrl
    ? `embedded, in ${embeddedDatabaseDir(config.dataDir)}`
    : config.databaseUrl === 'memory:'
      ? 'embedded, in memory (gone when the server stops)'
      : 'PostgreSQL (DATABASE_URL)';

  if (config.isProduction) {
    const warnings = [
      ...(config.smtpUrl ? [] : ['  ! SMTP_URL is not set: emails wait in the outbox and nobody receives them.']),
      ...(new URL(config.publicUrl).hostname === 'localhost' ? ['  ! PUBLIC_URL is not set: emailed links point to localhost.'] : []),
    ];
    return [
      `Copydesk is running at ${config.publicUrl} in production mode.`,
      '  No demo accounts, no sandbox cards, no dev mailbox.',
      `  Database: ${database}.`,
      ...warnings,
    ].join('\n');
  }

  const mailbox = config.smtpUrl
    ? '  - Emails are sent through SMTP_URL; the dev mailbox is off.'
    : `  - Emails are not sent but kept: read them at ${config.publicUrl}/dev/mailbox\n` +
      '    (it opens only from this machine, not through a proxy, or for a signed-in admin).';
  const cards =
    config.paymentGateway === 'sandbox'
      ? '  - Cards go to the built-in sandbox: test card numbers only, no money moves.'
      : '  - Cards go to Stripe with the configured keys.';
  return [
    `Copydesk is running at ${config.publicUrl} in ${config.env} mode. For trying it out, not for real users:`,
    `  - Demo accounts, created when the database was empty (password ${DEMO_PASSWORD}):`,
    '    admin@example.com, agency@example.com, associate@example.com',
    cards,
    mailbox,
    `  - Database: ${database}.`,
    'For production set NODE_ENV=production, DATABASE_URL (postgres://...), SMTP_URL, PUBLIC_URL,',
    'APP_KEY (32+ random characters) and PAYMENT_GATEWAY=stripe with its keys; see README "Configuration".',
  ].join('\n');
}
