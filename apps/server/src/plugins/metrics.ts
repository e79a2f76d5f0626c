import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@copydesk/shared';
import { poolSettings } from '../db/client.js';
import type { ErrorBody } from '../lib/app-error.js';
import { appMetricsRegistry, httpRequestDuration, httpRequests, registerQueueGauge, renderMetrics } from '../lib/metrics.js';

/**
 * Prometheus metrics (docs/operations.md). Never public by default: `GET /metrics` answers 404
 * unless METRICS_TOKEN is set, and then only to `Authorization: Bearer <token>`. METRICS_PORT
 * serves the same text on a second listener bound to 127.0.0.1 (for a scraper on the same host
 * or a sidecar); it asks for the token too when one is set.
 */

/** Compares digests, so neither the token's content nor its length leaks through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export async function registerMetrics(app: FastifyInstance) {
  const { token, port } = app.config.metrics;

  // Counted for every answer, by the route's pattern (`/api/order/:id`), never the raw URL, so the
  // number of series stays the number of routes; a request no route matched counts as "unmatched".
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_class: statusClass(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const registry = appMetricsRegistry({ db: app.db, poolMax: poolSettings.max });
  // The worker pools' queues (lib/spreadsheet-pool, lib/document-pool), read at each scrape.
  const unregister = [registerQueueGauge('spreadsheet', () => app.spreadsheets.waiting), registerQueueGauge('document', () => app.documents.queueSize)];
  app.addHook('onClose', async () => unregister.forEach((remove) => remove()));

  // Always registered, so that the web app's fallback never answers /metrics with the app's page.
  app.get('/metrics', { logLevel: 'warn' }, async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token) return reply.code(404).send({ code: 'request.not_found', message: messages.notFound } satisfies ErrorBody);
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ code: 'auth.unauthenticated', message: messages.unauthenticated } satisfies ErrorBody);
    }
    const { contentType, body } = await renderMetrics(registry);
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });

  if (port === undefined) return;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(messages.notFound);
      return;
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' }).end(messages.unauthenticated);
      return;
    }
    renderMetrics(registry).then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end();
      },
    );
  });
  // Opened with the app's own listener and closed with the app.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        app.log.info(`metrics on http://127.0.0.1:${metricsPortOf(server)}/metrics`);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  app.decorate('metricsServer', server);
}

/** The port the metrics listener took (METRICS_PORT=0 picks a free one: tests). */
export function metricsPortOf(server: http.Server): number {
  const address = server.address();
  return address && typeof address === 'object' ? address.port : 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The loopback metrics listener, when METRICS_PORT is set. */
    metricsServer?: http.Server;
  }
}
