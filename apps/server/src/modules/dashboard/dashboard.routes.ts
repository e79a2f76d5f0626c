import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatsResponseSchema, errorResponseSchema } from '@copydesk/shared';
import { requireAuth } from '../../plugins/auth.js';
import { adminStats } from './dashboard.service.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard/admin-stats',
    {
      schema: {
        tags: ['dashboard'],
        security: [{ bearerAuth: [] }],
        summary: "The operator's dashboard figures: agencies, open and overdue items, wallet balances held (admin)",
        response: { 200: adminStatsResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
      onRequest: requireAuth('dashboard.adminStats'),
    },
    async () => adminStats(app.db),
  );
};
