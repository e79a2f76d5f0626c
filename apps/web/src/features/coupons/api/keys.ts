/**
 * Query keys of the coupons feature. Every coupon read lives under `['coupons']`, so one
 * invalidation after a create, update or delete refreshes the list, the history and the details.
 * The agency picker is kept apart: saving a coupon does not change the agencies.
 */
export const couponKeys = {
  all: ['coupons'] as const,
  list: (params: object) => ['coupons', 'list', params] as const,
  detail: (id: number) => ['coupons', 'detail', id] as const,
  history: (params: object) => ['coupons', 'history', params] as const,
  agencies: ['coupon-agencies'] as const,
};
