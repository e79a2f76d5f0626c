import { encodeCursor, type KeysetPageMeta, type PageMeta } from '@copydesk/shared';

export interface PageRequest {
  page: number;
  limit: number;
}

export const offsetOf = ({ page, limit }: PageRequest) => (page - 1) * limit;

/** `{from, to, total, last_page, current_page, per_page}` as the list screens read it. */
export function pageMeta({ page, limit }: PageRequest, total: number, rowsOnPage: number): PageMeta {
  const from = rowsOnPage ? (page - 1) * limit + 1 : null;
  return {
    from,
    to: from === null ? null : from + rowsOnPage - 1,
    total,
    last_page: Math.max(1, Math.ceil(total / limit)),
    current_page: page,
    per_page: limit,
  };
}

/**
 * pageMeta plus `next_cursor`: where the page after this one starts, when there is one. `last` is
 * the page's last row (its sort value as text, and id), read under the query's sort.
 */
export function keysetPageMeta(
  query: PageRequest & { sort_column: string; sort_order: 'asc' | 'desc' },
  total: number,
  rowsOnPage: number,
  last: { value: string; id: number } | null,
): KeysetPageMeta {
  const meta = pageMeta(query, total, rowsOnPage);
  const more = last !== null && rowsOnPage === query.limit && query.page * query.limit < total;
  return {
    ...meta,
    next_cursor: more ? encodeCursor({ sortColumn: query.sort_column, sortOrder: query.sort_order, value: last.value, id: last.id }) : null,
  };
}
