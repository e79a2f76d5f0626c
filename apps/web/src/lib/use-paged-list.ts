import { useCallback, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE } from '@copydesk/shared';

/** The order of a sortable list: a server sort column and a direction. */
export type SortState<C extends string> = { column: C; order: 'asc' | 'desc' };

/** A list's filters: each a text or a choice (null when nothing is chosen). */
export type ListFilters = Record<string, string | null>;

export type PagedListOptions<F extends ListFilters, C extends string> = {
  /** The first order of the list, and the one Reset goes back to. Left out for a list without sorting. */
  sort?: SortState<C>;
  /** The page size at first. */
  limit?: number;
  /** The filters at first, and what Reset goes back to. */
  filters?: F;
  /** Filters to open with instead of `filters` (e.g. read from the address); Reset still goes back to `filters`. */
  initialFilters?: Partial<F>;
  /**
   * Filters typed into a box: the list waits for a pause in typing (`typingDelay` ms) before it
   * asks for them, trimmed; a box emptied lists everything at once.
   */
  typed?: readonly (keyof F & string)[];
  typingDelay?: number;
  /** Choosing another sort stays on the same page instead of going back to the first. */
  sortKeepsPage?: boolean;
  /**
   * Anything else that changes what is listed (a filter kept in the address): when it changes,
   * the list goes back to its first page.
   */
  listing?: unknown;
  /**
   * Keyset paging: `params.after` is the cursor the page before handed over (`remember`), so the
   * next page is read after it; a page reached any other way is read by its number.
   */
  cursors?: boolean;
};

/** The query of a list call: paging, sort and every filter that is set. */
export type PagedListParams<F extends ListFilters, C extends string> = {
  page: number;
  limit: number;
  after?: string;
} & ([C] extends [never] ? object : { sort_column: C; sort_order: 'asc' | 'desc' }) & { [K in keyof F]?: NonNullable<F[K]> };

const NO_FILTERS = {};

/**
 * Page, page size, sort and filters of a paged list, with what a list call asks for (`params`).
 * Anything that changes what is listed (a filter once applied, the page size, the sort unless
 * `sortKeepsPage`, `listing`) goes back to page 1 in the same render, so the list is never asked
 * for a page of the old listing under the new filters.
 */
export function usePagedList<F extends ListFilters = Record<never, never>, C extends string = never>(options: PagedListOptions<F, C> = {}) {
  const { sort: defaultSort, typed = [], typingDelay = 350, sortKeepsPage = false, listing, cursors = false } = options;
  const emptyFilters = (options.filters ?? NO_FILTERS) as F;

  const [filters, setFiltersState] = useState<F>(() => ({ ...emptyFilters, ...options.initialFilters }));
  const [sort, setSortState] = useState(defaultSort);
  const [limit, setLimitState] = useState<number>(options.limit ?? DEFAULT_PAGE_SIZE);

  // Typed filters as they are now (trimmed), and as they were at the last pause in typing.
  const typedNow = Object.fromEntries(typed.map((name) => [name, (filters[name] ?? '').trim()]));
  const [typedPaused] = useDebouncedValue(JSON.stringify(typedNow), typingDelay);
  const paused = JSON.parse(typedPaused) as Record<string, string>;
  const applied = { ...filters } as F;
  for (const name of typed) (applied as ListFilters)[name] = typedNow[name] ? (paused[name] ?? '') : '';

  const listingKey = JSON.stringify([applied, limit, listing]);
  const pageKey = sortKeepsPage ? listingKey : JSON.stringify([listingKey, sort]);
  const [paging, setPaging] = useState({ key: pageKey, page: 1 });
  // Set while rendering (React's pattern for state that follows a prop), so the page a listing
  // left behind does not come back with it: on page 3, typing and then clearing a keyword ends on page 1.
  if (paging.key !== pageKey) setPaging({ key: pageKey, page: 1 });
  const page = paging.key === pageKey ? paging.page : 1;

  // The cursors belong to one listing and sort: a cursor never meets a sort it was not read under.
  const cursorKey = JSON.stringify([listingKey, sort]);
  const [cursorState, setCursorState] = useState<{ key: string; next: Record<number, string> }>({ key: cursorKey, next: {} });
  const nextCursors = cursorState.key === cursorKey ? cursorState.next : {};
  /** Keeps the cursor page `page` handed over for the page after it (the list's `meta.next_cursor`). */
  const remember = useCallback(
    (read: number, nextCursor: string | null | undefined) =>
      setCursorState((s) => {
        const next = s.key === cursorKey ? s.next : {};
        if (!nextCursor || next[read + 1] === nextCursor) return s.key === cursorKey ? s : { key: cursorKey, next };
        return { key: cursorKey, next: { ...next, [read + 1]: nextCursor } };
      }),
    [cursorKey],
  );

  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(applied)) if (value !== null && value !== '') set[name] = value;
  const params = {
    page,
    limit,
    ...(cursors && nextCursors[page] ? { after: nextCursors[page] } : {}),
    ...(sort ? { sort_column: sort.column, sort_order: sort.order } : {}),
    ...set,
  } as PagedListParams<F, C>;

  // The state's key is always the current listing's (see above): a page set is the current listing's.
  const setPage = useCallback((next: number) => setPaging((s) => ({ ...s, page: next })), []);
  const reset = useCallback(() => {
    setFiltersState(emptyFilters);
    setSortState(defaultSort);
    setPage(1);
  }, [emptyFilters, defaultSort, setPage]);

  return {
    /** The query of the list call. */
    params,
    page,
    setPage,
    limit,
    // The setters keep their identity from render to render, so a memoised part of a screen
    // (its filters, say) is not drawn again when only the list's answer changed.
    setLimit: setLimitState as (next: number) => void,
    sort: sort as [C] extends [never] ? undefined : SortState<C>,
    /** A sort chosen whole (the data table's headers and its phone "Sort by"). */
    onSortChange: setSortState as (next: SortState<C>) => void,
    /** The filters as the user has them now (the inputs' values). */
    filters,
    /** The filters the list is asked for: typed ones as of the last pause in typing. */
    applied,
    setFilters: setFiltersState as (next: F) => void,
    /** Back to the first filters, sort and page. */
    reset,
    remember,
  };
}
