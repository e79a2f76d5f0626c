import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { route } from '../../lib/route.js';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import { currentUser } from '../../lib/access.js';
import { AppError } from '../../lib/app-error.js';
import { rateLimitRepository } from '../../lib/rate-limit-store.repository.js';
import * as inbox from './messages.service.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };
const writeErrors = { ...errors, 429: errorResponseSchema };

/** Messages one account may send a minute, new threads and replies together. */
export const MESSAGES_PER_MINUTE = 20;

/**
 * The per-account limit of new threads and replies together (docs/decisions/0015-rate-limits.md),
 * counted in the rate-limit store's table that every instance shares: 429 `message.rate_limited`
 * with Retry-After. One bucket for both routes, which the plugin's per-route buckets cannot give.
 * Runs in preHandler, after authentication (onRequest) has found the caller.
 */
function messageRateLimit(db: Database) {
  return async (request: FastifyRequest) => {
    const key = `messages:user-${currentUser(request).id}`;
    const { count, msLeft } = await rateLimitRepository.hit(db, { key, windowMs: 60_000, max: MESSAGES_PER_MINUTE, restartWhenOver: false });
    if (count > MESSAGES_PER_MINUTE) throw new AppError('message.rate_limited').retryAfter(msLeft / 1000);
  };
}

/**
 * The support inbox (docs/decisions/0024-support-inbox.md): every signed-in role. Customers see
 * their agency's threads, admins all of them; the service checks each thread against the caller.
 * Authorisation runs on request, before the body is read.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const limited = messageRateLimit(ctx.db);

  route(app, endpoints.listThreads, { errors }, async (request) => inbox.listThreads(ctx, currentUser(request), request.query));

  // A static segment: find-my-way matches it before the `/message/:id` parameter.
  route(app, endpoints.getUnreadCount, { errors }, async (request) => inbox.unreadCount(ctx, currentUser(request)));

  route(app, endpoints.createThread, { errors: writeErrors, preHandler: limited }, async (request, reply) =>
    reply.status(201).send(await inbox.createThread(ctx, currentUser(request), request.body)),
  );

  route(app, endpoints.getThread, { errors }, async (request) => inbox.getThread(ctx, currentUser(request), request.params.id));

  route(app, endpoints.replyToThread, { errors: writeErrors, preHandler: limited }, async (request, reply) =>
    reply.status(201).send(await inbox.reply(ctx, currentUser(request), { id: request.params.id, reply: request.body })),
  );
};

export default messagesRoutes;
