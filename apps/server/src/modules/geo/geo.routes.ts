import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { route } from '../../lib/route.js';
import * as geo from './geo.service.js';

/**
 * Lookup lists for the sign-up and profile forms. Public: the data is public and the same for
 * everyone. Browsers may keep the lists for a day; they never change while the server runs.
 */
const CACHE = 'public, max-age=86400';
const errors = { 404: errorResponseSchema };

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.listCountries, {}, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return geo.listCountries(app.ctx);
  });

  route(app, endpoints.listStates, { errors }, async (request, reply) => {
    const list = await geo.listStates(app.ctx, request.params.country);
    reply.header('cache-control', CACHE);
    return list;
  });

  route(app, endpoints.listCities, { errors }, async (request, reply) => {
    const list = await geo.listCities(app.ctx, request.params.state);
    reply.header('cache-control', CACHE);
    return list;
  });
};
