import { useQuery } from '@tanstack/react-query';
import type { ContentDetail } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /content/{id} → {data: ContentDetail}: the item, its brief and its delivery history. */
export const getContent = (id: number) => api.get<{ data: ContentDetail }>(`/content/${id}`);

export const useContent = (id: number | null) =>
  useQuery({ queryKey: contentKeys.detail(id ?? 0), queryFn: () => getContent(id!), enabled: id !== null, select: (res) => res.data });
