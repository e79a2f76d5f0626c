import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { currentUser } from '../../lib/access.js';
import { route } from '../../lib/route.js';
import * as apiKeys from './api-keys.service.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/** API keys: the signed-in owner's own (the entries say `apiKey: false`, so a key never manages keys). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, endpoints.createApiKey, { errors }, async (request, reply) =>
    reply.status(201).send(await apiKeys.createApiKey(ctx, currentUser(request), request.body)),
  );

  route(app, endpoints.listApiKeys, { errors }, async (request) => apiKeys.listApiKeys(ctx, currentUser(request)));

  route(app, endpoints.deleteApiKey, { errors }, async (request) => apiKeys.revokeApiKey(ctx, currentUser(request), request.params.id));
};
