import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, usersByRoleParamsSchema, usersByRoleResponseSchema, type Role } from '@copydesk/shared';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { requireAuth } from '../../plugins/auth.js';

/**
 * GET /user/getuserbyrole/{role}: every user of one role for the admin's pickers (the coupon
 * form's agencies, the add-balance agency select), by company then name. The query sits here, not
 * in users.repository.ts, so this call stays one self-contained file beside the users module.
 */
async function listUsersByRole(db: DbOrTx, role: Role) {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, company_name: users.companyName, status: users.status })
    .from(users)
    .where(eq(users.role, role))
    .orderBy(asc(sql`lower(coalesce(nullif(trim(${users.companyName}), ''), ${users.name}))`), asc(sql`lower(${users.name})`), asc(users.id));
  return { data: rows };
}

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
    async (request) => listUsersByRole(app.db, request.params.role),
  );
};

export default usersByRoleRoutes;
