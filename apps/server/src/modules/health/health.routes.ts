import type { FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, healthDownResponseSchema, readinessDownResponseSchema } from '@copydesk/shared';
import { route } from '../../lib/route.js';
import { checkDatabase, databaseKindOf } from './health.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read per route by @fastify/under-pressure (its types only declare the plugin-wide option). */
    pressureHandler?: FastifyUnderPressureOptions['pressureHandler'];
  }
}

/**
 * For load balancers and start-up scripts. Liveness (`/health`): 200 while this instance can serve,
 * with the database kind and its applied migration; 503 while its database is unreachable, so
 * traffic moves elsewhere until the pool reconnects. Readiness (`/health/ready`): 200 while this
 * instance should get traffic, 503 while its database is unreachable, and 503 from the first moment
 * of a shutdown (SIGTERM: server.ts), while the app drains for SHUTDOWN_DRAIN_MS and other calls are
 * still served, so the balancer moves traffic away before the listener closes. Once the app closes,
 * Fastify itself answers every request that still reaches it, this one included, 503 with
 * `Connection: close` (its return503OnClosing, on by default) while the requests in flight finish;
 * the listener takes no new connections meanwhile.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Log changes, not every probe: a load balancer asks every few seconds.
  let lastDatabase: 'up' | 'down' = 'up';
  const kind = databaseKindOf(app.ctx);

  const check = async (log: { warn(msg: string): void; info(msg: string): void }) => {
    const result = await checkDatabase(app.ctx);
    if (result.database !== lastDatabase) {
      if (result.database === 'down') log.warn('health: database unreachable');
      else log.info('health: database reachable again');
      lastDatabase = result.database;
    }
    return result;
  };

  route(
    app,
    endpoints.getHealth,
    {
      errors: { 503: healthDownResponseSchema },
      // Answers even while the event loop is behind (under-pressure lets it through), so a load
      // balancer keeps seeing the database state; the other calls answer 503 meanwhile.
      config: { pressureHandler: () => undefined },
    },
    async (request, reply) => {
      const result = await check(request.log);
      if (result.database === 'down') return reply.status(503).send({ status: 'unavailable' as const, database: 'down' as const, kind });
      return { status: 'ok' as const, database: 'up' as const, kind, migration: result.migration };
    },
  );

  route(app, endpoints.getReadiness, { errors: { 503: readinessDownResponseSchema }, config: { pressureHandler: () => undefined } }, async (request, reply) => {
    if (app.lifecycle.draining) return reply.status(503).send({ status: 'not_ready' as const, reason: 'shutting_down' as const });
    const result = await check(request.log);
    if (result.database === 'down') return reply.status(503).send({ status: 'not_ready' as const, reason: 'database_down' as const });
    return { status: 'ready' as const };
  });
};
