import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateCouponInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /coupon {coupon_code, type, amount, user_id, expiry, limit} → 201 {message, data}; 422 with field errors. */
export const createCoupon = (body: CreateCouponInput) => call('createCoupon', { body });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useCreateCoupon = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCoupon, meta, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }) });
};
