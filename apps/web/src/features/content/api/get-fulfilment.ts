import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FULFILMENT_SORT_COLUMNS, type FulfilmentStatusFilter } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type FulfilmentSortColumn = (typeof FULFILMENT_SORT_COLUMNS)[number];

export type FulfilmentParams = {
  page: number;
  limit: number;
  sort_column: FulfilmentSortColumn;
  sort_order: 'asc' | 'desc';
  status: FulfilmentStatusFilter;
  /** An agency user id. */
  agency?: number;
  search?: string;
};

/** GET /fulfilment (admins) → {data: FulfilmentRow[], meta}: paid items and where they stand. */
export const getFulfilment = (params: FulfilmentParams) => call('listFulfilment', { query: params });

export const useFulfilment = (params: FulfilmentParams) =>
  useQuery({ queryKey: queryKeys.content.fulfilment(params), queryFn: () => getFulfilment(params), placeholderData: keepPreviousData });
