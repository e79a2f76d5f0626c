import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { COUPON_SORT_COLUMNS, couponListResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { couponKeys } from './keys';

export type CouponSortColumn = (typeof COUPON_SORT_COLUMNS)[number];
export type CouponList = z.infer<typeof couponListResponseSchema>;

export type CouponListParams = {
  page: number;
  limit: number;
  sort_column: CouponSortColumn;
  sort_order: 'asc' | 'desc';
  keyword?: string;
  /** YYYY-MM-DD, on the creation date; both days included. */
  from?: string;
  to?: string;
};

/** GET /coupon (page, limit, sort_column, sort_order, keyword, from, to) → {data, meta} (admin). */
export const getCoupons = (params: CouponListParams) => api.get<CouponList>('/coupon', { query: params });

export const useCoupons = (params: CouponListParams) =>
  useQuery({ queryKey: couponKeys.list(params), queryFn: () => getCoupons(params), placeholderData: keepPreviousData });
