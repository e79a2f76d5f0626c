import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryParamsSchema, errorResponseSchema, geoListSchema, stateParamsSchema } from '@copydesk/shared';
import * as geo from './geo.service.js';

/**
 * Lookup lists for the sign-up and profile forms. Public: the data is public and the same for
 * everyone. Browsers may keep the lists for a day; they never change while the server runs.
 */
const tags = ['geography'];
const CACHE = 'public, max-age=86400';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getCounties',
    { schema: { tags, summary: 'All countries, by name (id = ISO code)', response: { 200: geoListSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', CACHE);
      return geo.listCountries();
    },
  );

  app.get(
    '/getStatesByCounties/:country',
    {
      schema: {
        tags,
        summary: 'States of a country, by name (id = <country>-<state code>)',
        params: countryParamsSchema,
        response: { 200: geoListSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await geo.listStates({ country: request.params.country });
      reply.header('cache-control', CACHE);
      return list;
    },
  );

  app.get(
    '/getCitiesByStates/:state',
    {
      schema: {
        tags,
        summary: 'Cities of a state, by name (id = the name)',
        params: stateParamsSchema,
        response: { 200: geoListSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const list = await geo.listCities({ state: request.params.state });
      reply.header('cache-control', CACHE);
      return list;
    },
  );
};
