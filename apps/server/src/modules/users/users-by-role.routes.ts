import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, usersByRoleParamsSchema, usersByRoleResponseSchema } from '@copydesk/shared';
import { requireAuth } from '../../plugins/auth.js';
import { usersRepository } from './users.repository.js';

/** GET /user/getuserbyrole/{role}: every user of one role for the admin's pickers (the coupon form's agencies, the add-balance agency select). */
export const usersByRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/getuserbyrole/:role',
    {
      schema: {
        tags: ['users'],
        security: [{ bearerAuth: [] }],
        summary: 'Users of one role, by company then name (admin)',
        params: usersByRoleParamsSchema,
        response: { 200: usersByRoleResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema },
      },
      onRequest: requireAuth('users.listByRole'),
    },
    async (request) => ({ data: await usersRepository.listByRole(app.db, request.params.role) }),
  );
};

export default usersByRoleRoutes;
