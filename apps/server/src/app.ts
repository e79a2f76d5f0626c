import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.js';
import { seedDatabase } from './db/seed/index.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerSwagger } from './plugins/swagger.js';
import { registerWebApp } from './plugins/web-app.js';
import { createStorage, type Storage } from './lib/storage.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { startOutboxWorker } from './modules/mail/outbox.worker.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { socialRoutes } from './modules/social/social.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { offersRoutes } from './modules/offers/offers.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { startAutoApprovalJob } from './modules/content/auto-approve.js';
import { createPaymentGateway, type PaymentGateway } from './lib/payment-gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    storage: Storage;
    mailer: Mailer | null;
    gateway: PaymentGateway;
  }
}

export type App = FastifyInstance;

/** Secrets never reach the logs (DESIGN.md §7). */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.confirmPassword',
  '*.password_confirmation',
  '*.cardNumber',
  '*.cardCvc',
  '*.token',
  '*.*.password',
  '*.*.confirmPassword',
  '*.*.password_confirmation',
  '*.*.cardNumber',
  '*.*.cardCvc',
  '*.*.token',
  '*.secretAccessKey',
  '*.*.secretAccessKey',
];

/**
 * What Stripe.js needs in stripe mode: its script, the card element's iframes (and 3-D Secure
 * pages on hooks.stripe.com) and its API. The sandbox keeps the strict policy.
 */
export const stripeCsp = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
};

export interface BuildAppOptions {
  /** An already open database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  /** Seed the catalogue and, outside production, the demo accounts. Default true. */
  seed?: boolean;
  /** A card gateway other than the configured one (tests). */
  gateway?: PaymentGateway;
  /** Pino destination override (tests capture logs to check redaction). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application without listening, so tests drive it through `app.inject()`. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('storage', createStorage(config.fileStorage));
  app.decorate('mailer', createMailer(config));
  app.decorate('gateway', options.gateway ?? (await createPaymentGateway(config)));
  if (!options.database) app.addHook('onClose', () => database.close());
  if (options.seed !== false) await seedDatabase(database.db, { demo: !config.isProduction });

  registerErrorHandler(app);
  const stripe = config.paymentGateway === 'stripe' ? stripeCsp : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.scriptSrc],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe.connectSrc],
        frameSrc: ["'self'", ...stripe.frameSrc],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  await app.register(authPlugin);
  await registerSwagger(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(import('./modules/users/users-by-role.routes.js'));
      await api.register(geoRoutes);
      await api.register(socialRoutes);
      await api.register(mailRoutes);
      await api.register(catalogRoutes);
      await api.register(ordersRoutes);
      await api.register(billingRoutes);
      await api.register(couponsRoutes);
      await api.register(offersRoutes);
      await api.register(invoicesRoutes);
      await api.register(contentRoutes);
      await api.register(import('./modules/messages/messages.routes.js'));
      await api.register(dashboardRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app);
  if (app.mailer) startOutboxWorker(app, app.mailer);
  startAutoApprovalJob(app);
  return app;
}
