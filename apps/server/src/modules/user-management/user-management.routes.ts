import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { currentUser } from '../../lib/access.js';
import { route } from '../../lib/route.js';
import * as management from './user-management.service.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/**
 * User Management: admins manage every user, an agency its associates. Adding a user is the
 * signed-in form of POST /register (auth.routes.ts, which the app hands `addUser`).
 */
export const userManagementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Each route's guard (its endpoint-table `access`) runs on request, before the body or query is
  // read: an associate gets 403 whatever it sends.

  route(app, endpoints.listUsers, { errors }, async (request) => management.listUsers(ctx, currentUser(request), request.query));

  route(app, endpoints.getUser, { errors }, async (request) => management.getUser(ctx, currentUser(request), request.params.id));

  route(app, endpoints.changeUserStatus, { errors }, async (request) =>
    management.changeStatus(ctx, currentUser(request), { userId: request.body.userid, status: request.body.status }),
  );
};
