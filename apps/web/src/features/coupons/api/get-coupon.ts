import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /coupon/{id} → {data: Coupon} (admin); 404 'Coupon not found.' for an unknown or deleted one. */
export const getCoupon = (id: number) => call('getCoupon', { params: { id } });

/** `id` null (not a valid id) asks nothing. */
export const useCoupon = (id: number | null) => useQuery({ queryKey: queryKeys.coupons.detail(id ?? 0), queryFn: () => getCoupon(id!), enabled: id !== null });
