import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import underPressure from '@fastify/under-pressure';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@copydesk/shared';
import type { Config } from './config.js';
import { migrateDatabase, openDatabase, type Database, type DatabaseHandle } from './db/client.js';
import { seedDatabase } from './seed/index.js';
import { authPlugin } from './plugins/auth.js';
import { onlyTableRoutes } from './lib/route.js';
import type { ErrorBody } from './lib/app-error.js';
import { authRepository } from './modules/auth/auth.repository.js';
import { apiKeysRepository } from './modules/api-keys/api-keys.repository.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { mcpRoutes } from './modules/mcp/mcp.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerBackupChannel } from './plugins/backup-channel.js';
import { PGliteThread } from './db/pglite-thread/index.js';
import { REQUEST_ID_HEADER, requestIdMixin, requestIdOf, runInRequest } from './lib/request-id.js';
import { OneLinePerRequest, prettyLogStream } from './lib/log-format.js';
import { registerSwagger } from './plugins/swagger.js';
import { registerWebApp } from './plugins/web-app.js';
import { createStorage, type Storage } from './lib/storage.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createSpreadsheetPool, type SpreadsheetPool } from './lib/spreadsheet-pool/index.js';
import { createDocumentPool, type DocumentPool } from './lib/document-pool/index.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { startOutboxWorker } from './modules/mail/outbox.worker.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { addUser } from './modules/user-management/user-management.service.js';
import { userManagementRoutes } from './modules/user-management/user-management.routes.js';
import { geoRoutes } from './modules/geo/geo.routes.js';
import { socialRoutes } from './modules/social/social.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { billingRoutes } from './modules/billing/billing.routes.js';
import { couponsRoutes } from './modules/coupons/coupons.routes.js';
import { startWebhookWorker } from './modules/webhooks/delivery.worker.js';
import { provideWebhookData } from './modules/webhooks/events.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { offersRoutes } from './modules/offers/offers.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { startAutoApprovalJob } from './modules/content/auto-approve.js';
import { startHousekeepingJob } from './plugins/housekeeping.js';
import { authSweeps } from './modules/auth/auth-sweeps.js';
import { bulkImportSweeps } from './modules/orders/bulk-orders.service.js';
import { itemSnapshot, orderSnapshot } from './modules/orders/orders.service.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { startPaymentReconciliation } from './modules/billing/payment-settlement.js';
import { databaseSandboxLedger } from './modules/billing/sandbox-ledger.repository.js';
import { createPaymentGateway, type PaymentGateway } from './lib/payment-gateway.js';
import { appContext, type AppContext } from './lib/app-context.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    storage: Storage;
    mailer: Mailer | null;
    gateway: PaymentGateway;
    spreadsheets: SpreadsheetPool;
    documents: DocumentPool;
    /** What services and jobs use of the app (lib/app-context.ts), built once below. */
    ctx: AppContext;
    /** Set by server.ts from the first moment of a shutdown: readiness answers 503 while the app drains. */
    lifecycle: { draining: boolean };
  }
}

export type App = FastifyInstance;

/** Secrets never reach the logs (docs/decisions/0014-card-data-and-secrets.md). */
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
 * URLs that carry a secret: one-time links in emails (verify, reset, set password), sign-in
 * hand-overs, the Google callback's code and state, signed invoice links. The request log keeps
 * where a request went, never the part that would let a log reader replay it.
 */
const secretPath = /^(\/(?:api\/email\/verify|api\/getuserbytoken|api\/getgooglelogin|password\/reset|setpassword|social-login)\/)[^?#]+/i;
const secretQuery = /^(code|state|sig|signature)$|token|secret|password|api_?key/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const pathname = (q === -1 ? url : url.slice(0, q)).replace(secretPath, '$1[redacted]');
  if (q === -1) return pathname;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the name as sent.
      }
      return secretQuery.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    });
  return `${pathname}?${query.join('&')}`;
}

const isApiPath = (url: string) => /^\/api(\/|\?|$)/.test(url);

/** Fastify's request serializer (it receives the Fastify request), with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    // Code may also log `{ req: … }` with something that is not a request.
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

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
  /** Told of every route as it registers (the route-authorisation test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application without listening, so tests drive it through `app.inject()`. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  // Webhook events carry the API's own shapes; billing, which writes order.paid, sits below the
  // orders module that builds them (docs/decisions/0044-webhooks.md).
  provideWebhookData({ order: (db, id) => orderSnapshot(db, id), item: itemSnapshot });
  const pretty = config.logFormat === 'pretty';
  const logStream = options.logStream ?? (pretty ? await prettyLogStream() : undefined);
  const app = Fastify({
    // A pretty log has one line per request (lib/log-format.ts) instead of Fastify's two.
    ...(pretty ? { logController: new OneLinePerRequest(redactUrl) } : {}),
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { req: serializeRequest },
      // The request's id on lines the app's logger writes while serving it (lib/request-id.ts).
      mixin: requestIdMixin,
      ...(logStream ? { stream: logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // lib/request-id.ts: a well-formed incoming X-Request-Id is kept, anything else replaced.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
    // A URL the router cannot decode (a broken %-escape in a path parameter) gets the API's
    // error shape, without echoing the URL back.
    frameworkErrors: (_error, request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .header(REQUEST_ID_HEADER, request.id)
        .header('cache-control', 'no-store')
        .send({ code: 'request.invalid', message: messages.invalidData } satisfies ErrorBody);
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    runInRequest(request.id, request.log, done);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Migrations (when any are due, or just the check) run while the plugins and routes register, which
  // need no query; the app waits for them before it seeds and serves.
  const database = options.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, log: app.log, migrate: false }));
  const migrated = options.database ? Promise.resolve() : migrateDatabase(database);
  // Awaited below; a failure must not surface as an unhandled rejection meanwhile.
  migrated.catch(() => {});
  app.decorate('config', config);
  app.decorate('lifecycle', { draining: false });
  app.decorate('db', database.db);
  app.decorate('storage', createStorage(config.fileStorage));
  app.decorate('mailer', createMailer(config));
  app.decorate('gateway', options.gateway ?? (await createPaymentGateway(config, databaseSandboxLedger(database.db))));
  if (!options.database) app.addHook('onClose', () => database.close());
  // The embedded database on disk answers `npm run backup` while it runs (plugins/backup-channel.ts).
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGliteThread) await registerBackupChannel(app, client);
  // Worker processes start with the first import; closing the app stops them (or the process hangs).
  app.decorate('spreadsheets', createSpreadsheetPool(config.spreadsheets, app.log));
  app.addHook('onClose', () => app.spreadsheets.close());
  app.decorate('documents', createDocumentPool(config.documents, app.log));
  app.addHook('onClose', () => app.documents.close());
  // One context for every service and job; route plugins read it as `app.ctx`.
  app.decorate('ctx', appContext(app));

  registerErrorHandler(app);
  registerInputGuard(app);
  await registerMetrics(app);
  const stripe = config.paymentGateway === 'stripe' ? stripeCsp : { scriptSrc: [], frameSrc: [], connectSrc: [] };
  // Security headers on every answer, from one helmet middleware built here: @fastify/helmet built a
  // new one for each request, parsing the CSP directives again each time (3 % of a wallet payment's
  // CPU on the server's thread).
  const securityHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  // Counters in the database (lib/rate-limit-store.ts), so several instances share each bucket.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.db, app.log) });
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 20, parts: 25 } });
  await app.register(authPlugin, {
    sessions: {
      findByAccessTokenHash: (tokenHash) => authRepository.findUserByAccessToken(database.db, tokenHash),
      isPaymentOfOrder: (paymentId, orderId) => authRepository.isPaymentOfOrder(database.db, paymentId, orderId),
      findByApiKeyHash: (keyHash) => apiKeysRepository.findSession(database.db, keyHash),
      touchApiKey: (apiKeyId) => apiKeysRepository.touch(database.db, apiKeyId),
    },
    apiKeyRateLimit: { perMinute: config.apiKeyRateLimitPerMinute, db: database.db },
  });
  // Root, not the /api scope: unknown /api paths (the root 404 handler) and /api/docs/json need it too.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && /\bjson\b/i.test(String(reply.getHeader('content-type') ?? '')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  await registerSwagger(app);

  await app.register(
    async (api) => {
      // When the event loop falls behind (a burst heavier than the machine), an API call answers 503
      // at once rather than queue behind the backlog; the client retries. Registered in this scope
      // only: static files and the app's HTML (plugins/web-app.ts) are cheap and never shed, since a
      // page that cannot load its scripts is a crash page (docs/operations.md, "Deploys and open tabs").
      await api.register(underPressure, {
        maxEventLoopDelay: config.maxEventLoopDelayMs,
        sampleInterval: 200,
        retryAfter: 5,
      });
      // Every call is an entry of the endpoint table, registered with the guard its `access` names.
      onlyTableRoutes(api);
      await api.register(healthRoutes);
      await api.register(authRoutes, { addUser });
      await api.register(usersRoutes);
      await api.register(userManagementRoutes);
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
      await api.register(apiKeysRoutes);
      await api.register(webhooksRoutes);
    },
    { prefix: '/api' },
  );
  // The MCP endpoint for AI agents, beside /api: JSON-RPC over POST /mcp, opened by an API key only (modules/mcp).
  await app.register(mcpRoutes);

  await registerWebApp(app);
  await migrated;
  if (options.seed !== false) await seedDatabase(database.db, { demo: !config.isProduction });
  if (app.mailer) startOutboxWorker(app, app.mailer, config.outboxIntervalMs);
  startAutoApprovalJob(app, config.autoApproveIntervalMs, Math.min(15_000, config.autoApproveIntervalMs));
  startHousekeepingJob(app, [...authSweeps, ...bulkImportSweeps]);
  startPaymentReconciliation(app);
  startWebhookWorker(app);
  return app;
}
