import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /content/{id}/preview → {html}: the latest delivered file as sanitised HTML, or `documentId`
 * (an older version of this item); 404 before the first delivery.
 */
export const getContentPreview = (id: number, documentId?: number) =>
  call('getContentPreview', { params: { id }, query: documentId === undefined ? {} : { document: documentId } });

/**
 * Keyed by the document, so a new version shows without a reload; off while nothing is delivered.
 * The latest version is asked by its id too: the same answer, and one cache entry for both uses.
 */
export const useContentPreview = (id: number, documentId: number | null) =>
  useQuery({
    queryKey: queryKeys.content.preview(id, documentId ?? 0),
    queryFn: () => getContentPreview(id, documentId ?? undefined),
    enabled: documentId !== null,
    select: (res) => res.html,
  });
