import { healthUpResponseSchema, readinessUpResponseSchema } from '../schemas/health.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

/** For load balancers and start-up scripts; the 503 answers (database down, shutting down) are the server's to add. */
export const healthEndpoints = {
  /** Liveness: the process serves and reaches its database. */
  getHealth: defineEndpoint({
    ...routes.getHealth,
    access: 'public',
    tags: ['health'],
    response: { 200: healthUpResponseSchema },
  }),
  /** Readiness: whether a load balancer should send this instance traffic. */
  getReadiness: defineEndpoint({
    ...routes.getReadiness,
    access: 'public',
    tags: ['health'],
    response: { 200: readinessUpResponseSchema },
  }),
};
