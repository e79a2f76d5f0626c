import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { type UpdateCouponInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** PATCH /coupon/{id} {the create fields + status} → {message, data}; the code cannot change. */
export const updateCoupon = ({ id, body }: { id: number; body: UpdateCouponInput }) => call('updateCoupon', { params: { id }, body });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useUpdateCoupon = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCoupon, meta, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }) });
};
