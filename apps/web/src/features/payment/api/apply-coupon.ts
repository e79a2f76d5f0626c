import { type MutationMeta, useMutation } from '@tanstack/react-query';

import { call, type CallResponse } from '@/lib/api-client';

export type Coupon = CallResponse<'applyCoupon'>;

/** GET /apply-coupon/{code} → {id, coupon_code, type, amount} when the caller may use it now; else 4xx {message}. */
export const applyCoupon = (code: string) => call('applyCoupon', { params: { code } });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useApplyCoupon = ({ meta }: { meta?: MutationMeta } = {}) => useMutation({ mutationFn: applyCoupon, meta });
