import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type BILLING_SORT_COLUMNS, type billingRowSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BillingRow = z.infer<typeof billingRowSchema>;
export type BillingSortColumn = (typeof BILLING_SORT_COLUMNS)[number];

export type BillingHistoryParams = {
  page: number;
  limit: number;
  sort_column: BillingSortColumn;
  sort_order: 'asc' | 'desc';
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  search?: string;
};

/** GET /billing (page, limit, sort_column, sort_order, from, to, search) → {data, meta}. */
export const getBillingHistory = (params: BillingHistoryParams) => call('listPayments', { query: params });

export const useBillingHistory = (params: BillingHistoryParams) =>
  useQuery({ queryKey: queryKeys.billing.history(params), queryFn: () => getBillingHistory(params), placeholderData: keepPreviousData });
