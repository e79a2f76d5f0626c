import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type COUPON_SORT_COLUMNS } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CouponSortColumn = (typeof COUPON_SORT_COLUMNS)[number];

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
export const getCoupons = (params: CouponListParams) => call('listCoupons', { query: params });

export const useCoupons = (params: CouponListParams) =>
  useQuery({ queryKey: queryKeys.coupons.list(params), queryFn: () => getCoupons(params), placeholderData: keepPreviousData });
