import { adminStatsResponseSchema } from '../schemas/users.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

/** The operator's dashboard (the other roles' boxes come from the orders, users and billing calls). */
export const dashboardEndpoints = {
  getAdminStats: defineEndpoint({
    ...routes.getAdminStats,
    access: ['dashboard.adminStats'],
    summary: "The operator's dashboard figures: agencies, open and overdue items, wallet balances held (admin)",
    tags: ['dashboard'],
    response: { 200: adminStatsResponseSchema },
  }),
};
