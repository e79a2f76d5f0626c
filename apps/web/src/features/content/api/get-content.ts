import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /content/{id} → {data: ContentDetail}: the item, its brief and its delivery history. */
export const getContent = (id: number) => call('getContent', { params: { id } });

export const useContent = (id: number | null) =>
  useQuery({ queryKey: queryKeys.content.detail(id ?? 0), queryFn: () => getContent(id!), enabled: id !== null, select: (res) => res.data });
