import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { couponSavedResponseSchema, CreateCouponInput } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { couponKeys } from './keys';

export type CouponSaved = z.infer<typeof couponSavedResponseSchema>;

/** POST /coupon {coupon_code, type, amount, user_id, expiry, limit} → 201 {message, data}; 422 with field errors. */
export const createCoupon = (body: CreateCouponInput) => api.post<CouponSaved>('/coupon', body);

export const useCreateCoupon = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCoupon, onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }) });
};
