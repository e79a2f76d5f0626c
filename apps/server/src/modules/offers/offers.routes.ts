import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../lib/access.js';
import * as offers from './offers.service.js';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/** Each associate may email its agency a few times an hour; the screen also allows one press per visit. */
export const NOTIFY_AGENCY_PER_HOUR = 3;
const notifyLimit = {
  rateLimit: {
    max: NOTIFY_AGENCY_PER_HOUR,
    timeWindow: 60 * 60_000,
    // preHandler runs after authentication, so the bucket is the signed-in user's.
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `notify-agency:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: () => new AppError('offer.notify_too_often'),
  },
};

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, endpoints.getOfferStatus, { errors }, async (request) => offers.offerStatus(ctx, currentUser(request)));

  route(app, endpoints.notifyAgency, { config: notifyLimit, errors }, async (request) =>
    offers.notifyAgency(ctx, currentUser(request), request.query.order_id),
  );
};
