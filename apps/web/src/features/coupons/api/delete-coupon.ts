import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** DELETE /coupon/{id} → {message} (admin); the uses already recorded stay in the history. */
export const deleteCoupon = (id: number) => call('deleteCoupon', { params: { id } });

export const useDeleteCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCoupon, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all }) });
};
