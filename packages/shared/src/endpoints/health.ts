import { healthUpResponseSchema } from '../schemas/health.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

/** For load balancers and start-up scripts; the 503 while the database is down is the server's to add. */
export const healthEndpoints = {
  getHealth: defineEndpoint({
    ...routes.getHealth,
    access: 'public',
    tags: ['health'],
    response: { 200: healthUpResponseSchema },
  }),
};
