import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { couponResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { couponKeys } from './keys';

export type CouponResponse = z.infer<typeof couponResponseSchema>;

/** GET /coupon/{id} → {data: Coupon} (admin); 404 'Coupon not found.' for an unknown or deleted one. */
export const getCoupon = (id: number) => api.get<CouponResponse>(`/coupon/${id}`);

/** `id` null (not a valid id) asks nothing. */
export const useCoupon = (id: number | null) => useQuery({ queryKey: couponKeys.detail(id ?? 0), queryFn: () => getCoupon(id!), enabled: id !== null });
