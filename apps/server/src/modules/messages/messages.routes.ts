import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { route } from '../../lib/route.js';
import { currentUser } from '../../lib/access.js';
import * as inbox from './messages.service.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/**
 * The support inbox (docs/decisions/0024-support-inbox.md): every signed-in role. Customers see
 * their agency's threads, admins all of them; the service checks each thread against the caller.
 * Authorisation runs on request, before the body is read.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, endpoints.listThreads, { errors }, async (request) => inbox.listThreads(ctx, currentUser(request), request.query));

  // A static segment: find-my-way matches it before the `/message/:id` parameter.
  route(app, endpoints.getUnreadCount, { errors }, async (request) => inbox.unreadCount(ctx, currentUser(request)));

  route(app, endpoints.createThread, { errors }, async (request, reply) =>
    reply.status(201).send(await inbox.createThread(ctx, currentUser(request), request.body)),
  );

  route(app, endpoints.getThread, { errors }, async (request) => inbox.getThread(ctx, currentUser(request), request.params.id));

  route(app, endpoints.replyToThread, { errors }, async (request, reply) =>
    reply.status(201).send(await inbox.reply(ctx, currentUser(request), { id: request.params.id, reply: request.body })),
  );
};

export default messagesRoutes;
