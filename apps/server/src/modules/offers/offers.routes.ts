import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, messageResponseSchema, notifyAgencyQuerySchema, offerMessages, offerStatusResponseSchema } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import * as offers from './offers.service.js';

const tags = ['offers'];
const security = [{ bearerAuth: [] }];
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
    errorResponseBuilder: () => new AppError('RATE_LIMITED', offerMessages.notifyTooOften),
  },
};

export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, config: app.config };

  app.get(
    '/getOfferStatus',
    {
      schema: {
        tags,
        security,
        summary: "The offer banner of the caller's agency: how far from the credit, or that it was received",
        response: { 200: offerStatusResponseSchema, ...errors },
      },
      onRequest: requireAuth(),
    },
    async (request) => offers.offerStatus(ctx, currentUser(request)),
  );

  app.get(
    '/notifyAgency',
    {
      schema: {
        tags,
        security,
        summary: "Email the associate's agency that the wallet needs more balance (associates; a few times an hour)",
        querystring: notifyAgencyQuerySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      onRequest: requireAuth('agency.notify'),
      config: notifyLimit,
    },
    async (request) => offers.notifyAgency(ctx, currentUser(request), request.query.order_id),
  );
};
