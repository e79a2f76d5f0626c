import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { route } from '../../lib/route.js';
import { usersRepository } from './users.repository.js';

/** GET /user/getuserbyrole/{role}: every user of one role for the admin's pickers (the coupon form's agencies, the add-balance agency select). */
export const usersByRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.listUsersByRole, { errors: { 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema } }, async (request) => ({
    data: await usersRepository.listByRole(app.db, request.params.role),
  }));
};

export default usersByRoleRoutes;
