import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type COUPON_HISTORY_SORT_COLUMNS, type couponHistoryRowSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CouponHistorySortColumn = (typeof COUPON_HISTORY_SORT_COLUMNS)[number];
export type CouponHistoryRow = z.infer<typeof couponHistoryRowSchema>;

export type CouponHistoryParams = {
  page: number;
  limit: number;
  sort_column: CouponHistorySortColumn;
  sort_order: 'asc' | 'desc';
  keyword?: string;
  /** YYYY-MM-DD, on the day of use; both days included. */
  from?: string;
  to?: string;
};

/** GET /coupon-history (same params as the list) → {data, meta}: one row per paid order that used a coupon. */
export const getCouponHistory = (params: CouponHistoryParams) => call('listCouponHistory', { query: params });

export const useCouponHistory = (params: CouponHistoryParams) =>
  useQuery({ queryKey: queryKeys.coupons.history(params), queryFn: () => getCouponHistory(params), placeholderData: keepPreviousData });
