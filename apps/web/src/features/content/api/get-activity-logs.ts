import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ACTIVITY_SORT_COLUMNS } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ActivitySortColumn = (typeof ACTIVITY_SORT_COLUMNS)[number];

export type ActivityLogParams = {
  page: number;
  limit: number;
  sort_column: ActivitySortColumn;
  sort_order: 'asc' | 'desc';
  search?: string;
};

/** GET /content/getActivityLogs/{id} (page, limit 5|10|20|50|100, sort, search) → {data, meta}. */
export const getActivityLogs = (id: number, params: ActivityLogParams) => call('getActivityLogs', { params: { id }, query: params });

export const useActivityLogs = (id: number, params: ActivityLogParams) =>
  useQuery({ queryKey: queryKeys.content.activity(id, params), queryFn: () => getActivityLogs(id, params), placeholderData: keepPreviousData });
