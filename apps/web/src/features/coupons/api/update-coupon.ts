import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCouponInput } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import type { CouponSaved } from './create-coupon';
import { couponKeys } from './keys';

/** PATCH /coupon/{id} {the create fields + status} → {message, data}; the code cannot change. */
export const updateCoupon = ({ id, body }: { id: number; body: UpdateCouponInput }) => api.patch<CouponSaved>(`/coupon/${id}`, body);

export const useUpdateCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCoupon, onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }) });
};
