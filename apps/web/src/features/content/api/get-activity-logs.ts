import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ACTIVITY_SORT_COLUMNS, ActivityLogRow, PageMeta } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export type ActivitySortColumn = (typeof ACTIVITY_SORT_COLUMNS)[number];

export type ActivityLogParams = {
  page: number;
  limit: number;
  sort_column: ActivitySortColumn;
  sort_order: 'asc' | 'desc';
  search?: string;
};

/** GET /content/getActivityLogs/{id} (page, limit 5|10|20|50|100, sort, search) → {data, meta}. */
export const getActivityLogs = (id: number, params: ActivityLogParams) =>
  api.get<{ data: ActivityLogRow[]; meta: PageMeta }>(`/content/getActivityLogs/${id}`, { query: params });

export const useActivityLogs = (id: number, params: ActivityLogParams) =>
  useQuery({ queryKey: contentKeys.activity(id, params), queryFn: () => getActivityLogs(id, params), placeholderData: keepPreviousData });
