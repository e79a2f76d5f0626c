import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type BILLING_SORT_COLUMNS, type BillingHistoryRow } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A row of the history: a wallet movement or a card payment (`id` is its invoice's payment, null for the offer credit). */
export type BillingRow = BillingHistoryRow;
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
