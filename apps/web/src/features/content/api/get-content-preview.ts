import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /content/{id}/preview → {html}: the latest delivered file as sanitised HTML (404 before the first delivery). */
export const getContentPreview = (id: number) => call('getContentPreview', { params: { id } });

/** Keyed by the latest document, so a new version shows without a reload; off while nothing is delivered. */
export const useContentPreview = (id: number, latestDocumentId: number | null) =>
  useQuery({
    queryKey: queryKeys.content.preview(id, latestDocumentId ?? 0),
    queryFn: () => getContentPreview(id),
    enabled: latestDocumentId !== null,
    select: (res) => res.html,
  });
