import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of this module are being written.
export const offersRoutes: FastifyPluginAsyncZod = async () => {};
