import type { FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, healthDownResponseSchema } from '@copydesk/shared';
import { route } from '../../lib/route.js';
import { checkDatabase } from './health.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read per route by @fastify/under-pressure (its types only declare the plugin-wide option). */
    pressureHandler?: FastifyUnderPressureOptions['pressureHandler'];
  }
}

/**
 * For load balancers and start-up scripts: 200 while this instance can serve, 503 while its
 * database is unreachable, so traffic moves elsewhere until the pool reconnects.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Log changes, not every probe: a load balancer asks every few seconds.
  let lastDatabase: 'up' | 'down' = 'up';

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
      const database = await checkDatabase(app.ctx);
      if (database !== lastDatabase) {
        if (database === 'down') request.log.warn('health: database unreachable');
        else request.log.info('health: database reachable again');
        lastDatabase = database;
      }
      if (database === 'down') return reply.status(503).send({ status: 'unavailable' as const, database: 'down' as const });
      return { status: 'ok' as const, database: 'up' as const };
    },
  );
};
