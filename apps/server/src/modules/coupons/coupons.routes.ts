import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyCouponParamsSchema,
  appliedCouponResponseSchema,
  couponHistoryQuerySchema,
  couponHistoryResponseSchema,
  couponListQuerySchema,
  couponListResponseSchema,
  couponResponseSchema,
  couponSavedResponseSchema,
  createCouponSchema,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
  messages,
  updateCouponSchema,
} from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import * as coupons from './coupons.service.js';

const tags = ['coupons'];
const security = [{ bearerAuth: [] }];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/** Enough for any checkout, too few to guess codes: 60 checks a minute per user. */
export const APPLY_COUPON_PER_MINUTE = 60;
const applyLimit = {
  rateLimit: {
    max: APPLY_COUPON_PER_MINUTE,
    timeWindow: 60_000,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `apply-coupon:${request.user?.id ?? request.ip}`,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', messages.tooManyRequests),
  },
};

// Authorisation runs on request, before the body is read: a visitor gets 401 and an agency 403
// whatever it sends, and nobody learns the validation rules of a call it may not make.
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = requireAuth('coupons.admin');

  app.post(
    '/coupon',
    {
      schema: { tags, security, summary: 'Create a coupon (admin)', body: createCouponSchema, response: { 201: couponSavedResponseSchema, ...errors } },
      onRequest: admins,
    },
    async (request, reply) => reply.status(201).send(await coupons.createCoupon(app.db, request.body)),
  );

  app.get(
    '/coupon',
    {
      schema: { tags, security, summary: 'Coupons, paged (admin)', querystring: couponListQuerySchema, response: { 200: couponListResponseSchema, ...errors } },
      onRequest: admins,
    },
    async (request) => coupons.listCoupons(app.db, request.query),
  );

  app.get(
    '/coupon/:id',
    { schema: { tags, security, summary: 'One coupon (admin)', params: idParamSchema, response: { 200: couponResponseSchema, ...errors } }, onRequest: admins },
    async (request) => coupons.getCoupon(app.db, request.params.id),
  );

  app.patch(
    '/coupon/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a coupon (admin); the code cannot change',
        params: idParamSchema,
        body: updateCouponSchema,
        response: { 200: couponSavedResponseSchema, ...errors },
      },
      onRequest: admins,
    },
    async (request) => coupons.updateCoupon(app.db, request.params.id, request.body),
  );

  app.delete(
    '/coupon/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a coupon (admin); its use history stays',
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      onRequest: admins,
    },
    async (request) => coupons.deleteCoupon(app.db, request.params.id),
  );

  app.get(
    '/coupon-history',
    {
      schema: {
        tags,
        security,
        summary: 'Coupon uses: one row per paid order that used a coupon (admin)',
        querystring: couponHistoryQuerySchema,
        response: { 200: couponHistoryResponseSchema, ...errors },
      },
      onRequest: admins,
    },
    async (request) => coupons.listCouponHistory(app.db, request.query),
  );

  app.get(
    '/apply-coupon/:code',
    {
      schema: {
        tags,
        security,
        summary: "Check a coupon for the caller's agency (agency, associate); the payment checks it again",
        params: applyCouponParamsSchema,
        response: { 200: appliedCouponResponseSchema, ...errors, 429: errorResponseSchema },
      },
      onRequest: requireAuth('coupons.apply'),
      config: applyLimit,
    },
    async (request) => coupons.applyCoupon(app.db, currentUser(request), request.params.code),
  );
};
