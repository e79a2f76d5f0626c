import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, errorResponseSchema } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../lib/access.js';
import * as coupons from './coupons.service.js';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/** Enough for any checkout, too few to guess codes: 60 checks a minute per user. */
export const APPLY_COUPON_PER_MINUTE = 60;
const applyLimit = {
  rateLimit: {
    max: APPLY_COUPON_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `apply-coupon:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: () => new AppError('rate_limit.exceeded'),
  },
};

// Authorisation runs on request, before the body is read: a visitor gets 401 and an agency 403
// whatever it sends, and nobody learns the validation rules of a call it may not make.
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, endpoints.createCoupon, { errors }, async (request, reply) =>
    reply.status(201).send(await coupons.createCoupon(ctx, currentUser(request), request.body)),
  );

  route(app, endpoints.listCoupons, { errors }, async (request) => coupons.listCoupons(ctx, currentUser(request), request.query));

  route(app, endpoints.getCoupon, { errors }, async (request) => coupons.getCoupon(ctx, currentUser(request), request.params.id));

  route(app, endpoints.updateCoupon, { errors }, async (request) =>
    coupons.updateCoupon(ctx, currentUser(request), { id: request.params.id, changes: request.body }),
  );

  route(app, endpoints.deleteCoupon, { errors }, async (request) => coupons.deleteCoupon(ctx, currentUser(request), request.params.id));

  route(app, endpoints.listCouponHistory, { errors }, async (request) => coupons.listCouponHistory(ctx, currentUser(request), request.query));

  route(app, endpoints.applyCoupon, { config: applyLimit, errors: { ...errors, 429: errorResponseSchema } }, async (request) =>
    coupons.applyCoupon(ctx, currentUser(request), request.params.code),
  );
};
