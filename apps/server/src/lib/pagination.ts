import type { PageMeta } from '@copydesk/shared';

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
