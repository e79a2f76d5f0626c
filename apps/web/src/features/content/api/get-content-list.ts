import { useQuery } from '@tanstack/react-query';
import { type CONTENT_LIST_STATUSES } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ContentListParams = { page?: number; limit?: number; status?: (typeof CONTENT_LIST_STATUSES)[number] };

/** GET /content (page, limit, status) → {data, meta}: the caller's own items (the server scopes them). */
export const getContentList = (params: ContentListParams) => call('listContent', { query: params });

export const useContentList = (params: ContentListParams) => useQuery({ queryKey: queryKeys.content.list(params), queryFn: () => getContentList(params) });
