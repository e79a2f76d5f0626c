import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { currentUser } from '../../lib/access.js';
import { route } from '../../lib/route.js';
import { adminStats } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.getAdminStats, { errors: { 401: errorResponseSchema, 403: errorResponseSchema } }, async (request) =>
    adminStats(app.ctx, currentUser(request)),
  );
};
