import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createThreadSchema,
  errorResponseSchema,
  idParamSchema,
  inboxThreadListResponseSchema,
  messageSentResponseSchema,
  replySchema,
  threadDetailResponseSchema,
  threadListQuerySchema,
  unreadCountResponseSchema,
} from '@copydesk/shared';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import * as inbox from './messages.service.js';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/**
 * The support inbox (DESIGN.md §6.13): every signed-in role. Customers see their agency's threads,
 * admins all of them; the service checks each thread against the caller. Authorisation runs on
 * request, before the body is read.
 */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx: inbox.InboxCtx = { db: app.db, config: app.config };
  const signedIn = requireAuth();

  app.get(
    '/message',
    {
      schema: {
        tags,
        security,
        summary: "Threads, newest activity first: the caller's agency's (customers) or all (admins)",
        querystring: threadListQuerySchema,
        response: { 200: inboxThreadListResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => inbox.listThreads(app.db, currentUser(request), request.query),
  );

  // A static segment: find-my-way matches it before the `/message/:id` parameter.
  app.get(
    '/message/unread',
    {
      schema: {
        tags,
        security,
        summary: 'How many threads have a message from the other side the caller has not read',
        response: { 200: unreadCountResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => inbox.unreadCount(app.db, currentUser(request)),
  );

  app.post(
    '/message',
    {
      schema: {
        tags,
        security,
        summary: 'Open a thread (customers for their agency; admins about an order, for its agency)',
        body: createThreadSchema,
        response: { 201: messageSentResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request, reply) => reply.status(201).send(await inbox.createThread(ctx, currentUser(request), request.body)),
  );

  app.get(
    '/message/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A thread with its messages, oldest first; marks it read for the caller',
        params: idParamSchema,
        response: { 200: threadDetailResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request) => inbox.getThread(app.db, currentUser(request), request.params.id),
  );

  app.post(
    '/message/:id/reply',
    {
      schema: {
        tags,
        security,
        summary: 'Reply in a thread',
        params: idParamSchema,
        body: replySchema,
        response: { 201: messageSentResponseSchema, ...errors },
      },
      onRequest: signedIn,
    },
    async (request, reply) => reply.status(201).send(await inbox.reply(ctx, currentUser(request), request.params.id, request.body)),
  );
};

export default messagesRoutes;
