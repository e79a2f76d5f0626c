import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { currentUser } from '../../lib/access.js';
import { route } from '../../lib/route.js';
import * as webhooks from './webhooks.service.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/** Webhook endpoints and their delivery log (docs/decisions/0044-webhooks.md); the worker is delivery.worker.ts. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, endpoints.createWebhook, { errors }, async (request, reply) =>
    reply.status(201).send(await webhooks.createWebhook(ctx, currentUser(request), request.body)),
  );

  route(app, endpoints.listWebhooks, { errors }, async (request) => webhooks.listWebhooks(ctx, currentUser(request)));

  route(app, endpoints.deleteWebhook, { errors }, async (request) => webhooks.deleteWebhook(ctx, currentUser(request), request.params.id));

  route(app, endpoints.listWebhookDeliveries, { errors }, async (request) =>
    webhooks.listDeliveries(ctx, currentUser(request), { id: request.params.id, query: request.query }),
  );

  route(app, endpoints.retryWebhookDelivery, { errors }, async (request, reply) =>
    reply.status(202).send(await webhooks.retryDelivery(ctx, currentUser(request), request.params)),
  );

  route(app, endpoints.testWebhook, { errors }, async (request, reply) =>
    reply.status(202).send(await webhooks.testWebhook(ctx, currentUser(request), request.params.id)),
  );
};
