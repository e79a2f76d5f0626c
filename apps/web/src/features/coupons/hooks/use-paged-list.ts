import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE } from '@copydesk/shared';
import type { SortState } from '@/components/ui/sort-header';

export type ListFilterValues = { from: string; to: string; keyword: string };
export const emptyListFilters: ListFilterValues = { from: '', to: '', keyword: '' };

/**
 * Page, page size, sort and the from / to / keyword filters of a coupon table, as the query of
 * its list call. Anything that changes what is listed goes back to page 1; the keyword waits for
 * a pause in typing, and clearing it (or Reset) lists everything at once.
 */
export function usePagedList<C extends string>(defaultSort: SortState<C>) {
  const [page, setPage] = useState(1);
  const [limit, setLimitState] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSortState] = useState(defaultSort);
  const [filters, setFiltersState] = useState<ListFilterValues>(emptyListFilters);
  const [debounced] = useDebouncedValue(filters.keyword.trim(), 350);
  const keyword = filters.keyword.trim() ? debounced : '';

  const params = {
    page,
    limit,
    sort_column: sort.column,
    sort_order: sort.order,
    keyword: keyword || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };

  return {
    params,
    page,
    setPage,
    limit,
    setLimit: (next: number) => {
      setLimitState(next);
      setPage(1);
    },
    sort,
    /** A sort chosen whole (the data table's headers and its phone "Sort by"). */
    onSortChange: (next: SortState<C>) => {
      setSortState(next);
      setPage(1);
    },
    filters,
    setFilters: (next: ListFilterValues) => {
      setFiltersState(next);
      setPage(1);
    },
    reset: () => {
      setFiltersState(emptyListFilters);
      setSortState(defaultSort);
      setPage(1);
    },
  };
}
