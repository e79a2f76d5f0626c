import { useQuery } from '@tanstack/react-query';
import type { CONTENT_LIST_STATUSES, ContentListRow, PageMeta } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export type ContentListParams = { page?: number; limit?: number; status?: (typeof CONTENT_LIST_STATUSES)[number] };

/** GET /content (page, limit, status) → {data, meta}: the caller's own items (the server scopes them). */
export const getContentList = (params: ContentListParams) => api.get<{ data: ContentListRow[]; meta: PageMeta }>('/content', { query: params });

export const useContentList = (params: ContentListParams) => useQuery({ queryKey: contentKeys.list(params), queryFn: () => getContentList(params) });
