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
  updateCouponSchema,
} from '../schemas/coupons.js';
import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['coupons'];

/** Coupons: administration, their use history, and the apply check at payment (docs/decisions/0009-coupons.md). */
export const couponEndpoints = {
  createCoupon: defineEndpoint({
    ...routes.createCoupon,
    access: ['coupons.admin'],
    summary: 'Create a coupon (admin)',
    tags,
    body: createCouponSchema,
    response: { 201: couponSavedResponseSchema },
  }),
  listCoupons: defineEndpoint({
    ...routes.listCoupons,
    access: ['coupons.admin'],
    summary: 'Coupons, paged (admin)',
    tags,
    query: couponListQuerySchema,
    response: { 200: couponListResponseSchema },
  }),
  getCoupon: defineEndpoint({
    ...routes.getCoupon,
    access: ['coupons.admin'],
    summary: 'One coupon (admin)',
    tags,
    params: idParamSchema,
    response: { 200: couponResponseSchema },
  }),
  updateCoupon: defineEndpoint({
    ...routes.updateCoupon,
    access: ['coupons.admin'],
    summary: 'Edit a coupon (admin); the code cannot change',
    tags,
    params: idParamSchema,
    body: updateCouponSchema,
    response: { 200: couponSavedResponseSchema },
  }),
  deleteCoupon: defineEndpoint({
    ...routes.deleteCoupon,
    access: ['coupons.admin'],
    summary: 'Delete a coupon (admin); its use history stays',
    tags,
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  }),
  listCouponHistory: defineEndpoint({
    ...routes.listCouponHistory,
    access: ['coupons.admin'],
    summary: 'Coupon uses: one row per paid order that used a coupon (admin)',
    tags,
    query: couponHistoryQuerySchema,
    response: { 200: couponHistoryResponseSchema },
  }),
  applyCoupon: defineEndpoint({
    ...routes.applyCoupon,
    access: ['coupons.apply'],
    summary: "Check a coupon for the caller's agency (agency, associate); the payment checks it again",
    tags,
    params: applyCouponParamsSchema,
    response: { 200: appliedCouponResponseSchema },
  }),
};
