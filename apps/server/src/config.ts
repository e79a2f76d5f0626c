import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './paths.js';

/**
 * The one place that reads the environment (docs/style.md). Everything else receives a Config.
 * A bad value stops start-up with a readable list of what is wrong.
 */

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
/** S3_PREFIX as '' or `a/b/`: `/a/b`, `a/b` and `a/b/` all name the same folder. */
const s3KeyPrefix = (prefix = '') => {
  const trimmed = prefix.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
};

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => v === 'memory:' || /^postgres(ql)?:\/\//.test(v), 'must be memory: or a postgres:// URL')
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Copydesk <no-reply@copydesk.local>'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    OIDC_ISSUER: z.url().default('https://accounts.google.com'),
    PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: optionalString,
    /** Public: the browser loads Stripe.js with it to turn card details into a PaymentMethod. */
    STRIPE_PUBLISHABLE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
        .optional(),
    ),
    /** Where the Stripe SDK sends its calls; only for tests and self-hosted Stripe mocks. */
    STRIPE_API_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    /**
     * Signs short-lived links (invoice downloads). Every instance behind a load balancer needs the
     * same value; required in production.
     */
    APP_KEY: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional()),
    /** The seller block printed on invoices; address lines separated by `|` or new lines. */
    INVOICE_SELLER_NAME: z.string().trim().min(1).max(200).default('Copydesk'),
    INVOICE_SELLER_ADDRESS: z.string().max(500).default(''),
    FILE_STORAGE_DIR: optionalString,
    /** Where files live: `disk` (FILE_STORAGE_DIR, one machine) or `s3` (a bucket every instance shares). */
    FILE_STORAGE: z.enum(['disk', 's3']).default('disk'),
    /** Only for S3-compatible servers (MinIO, s3rver); unset = AWS S3 in S3_REGION. */
    S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
    S3_BUCKET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{3,255}$/, 'must be a bucket name (letters, digits, dots, hyphens)')
        .optional(),
    ),
    S3_REGION: z.preprocess(emptyToUndefined, z.string().default('us-east-1')),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Prepended to every object key (`copydesk` → `copydesk/profile/….png`). */
    S3_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "may only contain letters, digits and ! _ . * ' ( ) / -")
        .optional(),
    ),
    WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** `pretty`: one readable line per request (the development default); `json`: pino's JSON lines (lib/log-format.ts). */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
    /** Paid orders (dollars) after which an agency gets the one-time credit (docs/decisions/0008-offer-credit.md). */
    OFFER_THRESHOLD: z.coerce.number().positive().default(1000),
    OFFER_CREDIT: z.coerce.number().positive().default(100),
    /** Days an item may wait in Pending Review before it is approved automatically (docs/decisions/0010-due-dates-and-auto-approval.md). */
    AUTO_APPROVE_DAYS: z.coerce.number().int().min(1).max(365).default(4),
    TRUST_PROXY: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
    /**
     * Prometheus metrics (docs/operations.md): `GET /metrics` answers only with
     * `Authorization: Bearer <METRICS_TOKEN>`, and 404 while it is unset. METRICS_PORT adds a
     * listener on 127.0.0.1 that serves them (asking for the token too when one is set).
     */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 24`)').optional()),
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
    /**
     * Mean event-loop delay (ms) past which requests get 503 instead of queueing behind the backlog;
     * 0 turns the check off. Default 1000, and off under NODE_ENV=test, where test files share one
     * loaded process and a slow machine is not an overload.
     */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /**
     * Spreadsheet imports are parsed in worker processes (lib/spreadsheet-pool): how many at once
     * (default: cores − 1, at least 1, at most 4), how many may wait before the next gets 429, the
     * heap cap of one worker and the time one parse may take.
     */
    SPREADSHEET_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    SPREADSHEET_QUEUE: z.coerce.number().int().min(0).max(1000).default(4),
    SPREADSHEET_WORKER_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(512),
    SPREADSHEET_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
    /**
     * Delivered .docx files are read in worker processes (lib/document-pool): how many at once
     * (default: cores − 1, at least 1, at most 2), how many may wait before the next gets 429, the
     * heap cap of one worker, the time one conversion may take once a worker has begun it, and the
     * largest preview (sanitised HTML) a delivery may produce.
     */
    DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    DOCUMENT_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
    DOCUMENT_WORKER_MEMORY_MB: z.coerce.number().int().min(32).max(16_384).default(768),
    DOCUMENT_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(20_000),
    DOCUMENT_PREVIEW_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1_024)
      .max(100 * 1024 * 1024)
      .default(5 * 1024 * 1024),
    /** Order exports (zip downloads) one agency may run at once on one instance; one more gets 429. */
    EXPORTS_PER_AGENCY: z.coerce.number().int().min(1).max(100).default(2),
    /**
     * Bulk imports per agency (an agency and its associates together) per minute. Default 10; 1000
     * under NODE_ENV=test, where one agency uploads many sheets in a few seconds.
     */
    BULK_IMPORTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).optional(),
    /**
     * How long a card payment attempt and a money call's Idempotency-Key belong to their request:
     * past it, reconciliation (or a retry with the same key) takes them over. Crash tests shorten it.
     */
    PAYMENT_LEASE_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(24 * 60 * 60_000)
      .default(120_000),
    /**
     * On SIGTERM the server stops taking connections and gives the requests in flight (and the job
     * passes running) this long to finish before it exits anyway.
     */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    /**
     * On SIGTERM, how long the server keeps serving with readiness at 503 before it stops taking
     * connections, so a load balancer that checks readiness has moved traffic away first. Part of
     * SHUTDOWN_GRACE_MS. 0 (the default, for one instance): the listener closes at once.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /** How often the outbox is polled, and the automatic approval pass runs (the cluster proof shortens both). */
    OUTBOX_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(3_000),
    AUTO_APPROVE_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(24 * 60 * 60_000)
      .default(5 * 60_000),
    /** Requests one API key may make per minute, across every instance (docs/decisions/0043-api-keys-and-mcp.md); past it 429 with Retry-After. */
    API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /**
     * Webhooks (docs/decisions/0044-webhooks.md). Addresses must be https and reach a public address;
     * WEBHOOK_ALLOW_HTTP lets an http:// address name this machine (loopback) only, and
     * WEBHOOK_ALLOW_PRIVATE lets any address resolve to a private, loopback or link-local one (local
     * receivers, tests). A wallet payment taking the balance from at least WEBHOOK_LOW_BALANCE_CENTS
     * to below it is `wallet.low_balance`.
     */
    WEBHOOK_ALLOW_HTTP: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
    WEBHOOK_ALLOW_PRIVATE: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
    WEBHOOK_LOW_BALANCE_CENTS: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(5_000),
    WEBHOOK_ENDPOINTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
    /** How often the webhook worker looks for due deliveries. */
    WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
    /** Interval of the payment reconciliation pass (the first pass stays 5 s after start-up). */
    PAYMENT_RECONCILE_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(24 * 60 * 60_000)
      .default(120_000),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_GATEWAY === 'sandbox' && env.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENT_GATEWAY'], message: 'sandbox is refused in production; use stripe' });
    }
    if (env.PAYMENT_GATEWAY === 'stripe' && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'required when PAYMENT_GATEWAY=stripe' });
    }
    if (env.PAYMENT_GATEWAY === 'stripe' && !env.STRIPE_PUBLISHABLE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: 'required when PAYMENT_GATEWAY=stripe' });
    }
    // A test-mode PaymentMethod cannot be charged with a live key (and the other way round).
    const stripeMode = (key?: string) => key?.match(/^[a-z]+_(test|live)_/)?.[1];
    const [secretMode, publicMode] = [stripeMode(env.STRIPE_SECRET_KEY), stripeMode(env.STRIPE_PUBLISHABLE_KEY)];
    if (env.PAYMENT_GATEWAY === 'stripe' && secretMode && publicMode && secretMode !== publicMode) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: `is a ${publicMode} key but STRIPE_SECRET_KEY is a ${secretMode} key` });
    }
    if (env.NODE_ENV === 'production' && !env.APP_KEY) {
      ctx.addIssue({ code: 'custom', path: ['APP_KEY'], message: 'required in production (the same value on every instance)' });
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_CLIENT_SECRET'], message: 'required when GOOGLE_CLIENT_ID is set' });
    }
    if (env.FILE_STORAGE === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when FILE_STORAGE=s3' });
      }
    }
  })
  .transform((env) => {
    const dataDir = path.resolve(env.DATA_DIR);
    const fileStorageDir = path.resolve(env.FILE_STORAGE_DIR ?? path.join(dataDir, 'files'));
    return {
      env: env.NODE_ENV,
      isProduction: env.NODE_ENV === 'production',
      port: env.PORT,
      host: env.HOST,
      dataDir,
      /** `undefined` = embedded PGlite under dataDir/db. */
      databaseUrl: env.DATABASE_URL,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      google: {
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        issuer: env.OIDC_ISSUER,
      },
      paymentGateway: env.PAYMENT_GATEWAY,
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      /** Only in stripe mode: the sandbox never hands the browser a key. */
      stripePublishableKey: env.PAYMENT_GATEWAY === 'stripe' ? (env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      stripeApiUrl: env.STRIPE_API_URL,
      /** Outside production a missing APP_KEY becomes a random key per process (links die on restart). */
      appKey: env.APP_KEY ?? randomBytes(32).toString('base64url'),
      appKeyGenerated: !env.APP_KEY,
      invoiceSeller: {
        name: env.INVOICE_SELLER_NAME,
        addressLines: env.INVOICE_SELLER_ADDRESS.split(/\||\r?\n|\\n/)
          .map((l) => l.trim())
          .filter(Boolean),
      },
      fileStorageDir,
      /** superRefine has checked that s3 comes with a bucket and both keys. */
      fileStorage:
        env.FILE_STORAGE === 's3'
          ? {
              kind: 's3' as const,
              endpoint: env.S3_ENDPOINT,
              bucket: env.S3_BUCKET!,
              region: env.S3_REGION,
              accessKeyId: env.S3_ACCESS_KEY_ID!,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
              prefix: s3KeyPrefix(env.S3_PREFIX),
            }
          : { kind: 'disk' as const, dir: fileStorageDir },
      webDistDir: path.resolve(env.WEB_DIST_DIR),
      logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
      logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? ('pretty' as const) : ('json' as const)),
      trustProxy: env.TRUST_PROXY,
      metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
      offer: { thresholdCents: Math.round(env.OFFER_THRESHOLD * 100), creditCents: Math.round(env.OFFER_CREDIT * 100) },
      autoApproveDays: env.AUTO_APPROVE_DAYS,
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS ?? (env.NODE_ENV === 'test' ? 0 : 1000),
      spreadsheets: {
        workers: env.SPREADSHEET_WORKERS ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
        queue: env.SPREADSHEET_QUEUE,
        memoryMb: env.SPREADSHEET_WORKER_MEMORY_MB,
        timeoutMs: env.SPREADSHEET_TIMEOUT_MS,
      },
      documents: {
        workers: env.DOCUMENT_WORKERS ?? Math.max(1, Math.min(2, os.availableParallelism() - 1)),
        queue: env.DOCUMENT_QUEUE,
        memoryMb: env.DOCUMENT_WORKER_MEMORY_MB,
        timeoutMs: env.DOCUMENT_TIMEOUT_MS,
        maxPreviewBytes: env.DOCUMENT_PREVIEW_MAX_BYTES,
      },
      exportsPerAgency: env.EXPORTS_PER_AGENCY,
      bulkImportsPerMinute: env.BULK_IMPORTS_PER_MINUTE ?? (env.NODE_ENV === 'test' ? 1000 : 10),
      paymentLeaseMs: env.PAYMENT_LEASE_MS,
      paymentReconcileIntervalMs: env.PAYMENT_RECONCILE_INTERVAL_MS,
      shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
      shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
      outboxIntervalMs: env.OUTBOX_INTERVAL_MS,
      autoApproveIntervalMs: env.AUTO_APPROVE_INTERVAL_MS,
      apiKeyRateLimitPerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE,
      webhooks: {
        allowHttp: env.WEBHOOK_ALLOW_HTTP,
        allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
        lowBalanceCents: env.WEBHOOK_LOW_BALANCE_CENTS,
        endpointsPerAccount: env.WEBHOOK_ENDPOINTS_PER_ACCOUNT,
        intervalMs: env.WEBHOOK_INTERVAL_MS,
      },
    };
  });

export type Config = z.output<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

/** Parses the environment, or throws a ConfigError whose message lists every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {}

/** A config for tests: in-memory database, quiet logs, files in a temp folder. */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory:', PORT: '0', ...overrides });
}
