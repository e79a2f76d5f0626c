import { useMutation } from '@tanstack/react-query';
import type { AppliedCoupon } from '@copydesk/shared';
import { api } from '@/lib/api-client';

export type Coupon = AppliedCoupon & { id: number; coupon_code: string };

/** GET /apply-coupon/{code} → {id, coupon_code, type, amount} when the caller may use it now; else 4xx {message}. */
export const applyCoupon = (code: string) => api.get<Coupon>(`/apply-coupon/${encodeURIComponent(code)}`);

export const useApplyCoupon = () => useMutation({ mutationFn: applyCoupon });
