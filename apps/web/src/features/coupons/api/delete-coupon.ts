import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { couponKeys } from './keys';

/** DELETE /coupon/{id} → {message} (admin); the uses already recorded stay in the history. */
export const deleteCoupon = (id: number) => api.delete<{ message: string }>(`/coupon/${id}`);

export const useDeleteCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCoupon, onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }) });
};
