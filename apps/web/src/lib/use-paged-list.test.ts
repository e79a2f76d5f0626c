import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePagedList, type PagedListOptions } from './use-paged-list';

type Filters = { from: string; keyword: string; agency: string | null };
const EMPTY: Filters = { from: '', keyword: '', agency: null };
const SORT = { column: 'id', order: 'desc' } as const;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderList(options: Partial<PagedListOptions<Filters, 'id' | 'total'>> = {}) {
  return renderHook(
    (props: Partial<PagedListOptions<Filters, 'id' | 'total'>>) =>
      usePagedList<Filters, 'id' | 'total'>({ sort: SORT, filters: EMPTY, typed: ['keyword'], ...props }),
    {
      initialProps: options,
    },
  );
}

/** Lets the typing pause pass. */
const pause = (ms = 350) => act(() => vi.advanceTimersByTime(ms));

describe('usePagedList', () => {
  it('asks for the first page at the default size and sort, without the filters that are not set', () => {
    const { result } = renderList();
    expect(result.current.params).toEqual({ page: 1, limit: 5, sort_column: 'id', sort_order: 'desc' });
  });

  it('opens with initialFilters, typed ones asked for at once, and resets to the filters', () => {
    const { result } = renderList({ initialFilters: { keyword: ' bikes ', agency: '31' } });
    expect(result.current.filters).toEqual({ from: '', keyword: ' bikes ', agency: '31' });
    // No wait for a typing pause: the address named it.
    expect(result.current.params).toMatchObject({ keyword: 'bikes', agency: '31' });
    act(() => result.current.reset());
    expect(result.current.filters).toEqual(EMPTY);
    expect(result.current.params).not.toHaveProperty('agency');
  });

  it('lists a list without sorting or filters by page and size only', () => {
    const { result } = renderHook(() => usePagedList({ limit: 10 }));
    expect(result.current.params).toEqual({ page: 1, limit: 10 });
    act(() => result.current.setPage(3));
    expect(result.current.params).toEqual({ page: 3, limit: 10 });
  });

  it('asks for a typed filter after a pause in typing, trimmed, and then goes back to page 1', () => {
    const { result } = renderList();
    act(() => result.current.setPage(3));

    act(() => result.current.setFilters({ ...EMPTY, keyword: ' spring ' }));
    // Still typing: the list stays as it was.
    expect(result.current.params).toMatchObject({ page: 3 });
    expect(result.current.params).not.toHaveProperty('keyword');
    expect(result.current.filters.keyword).toBe(' spring ');

    pause();
    expect(result.current.params).toMatchObject({ page: 1, keyword: 'spring' });
    expect(result.current.applied.keyword).toBe('spring');
  });

  it('lists everything at once when a typed filter is emptied, on page 1 (not the page it left)', () => {
    const { result } = renderList();
    act(() => result.current.setFilters({ ...EMPTY, keyword: 'spring' }));
    pause();
    act(() => result.current.setPage(2));
    expect(result.current.params).toMatchObject({ page: 2, keyword: 'spring' });

    act(() => result.current.setFilters(EMPTY));
    expect(result.current.params).toEqual({ page: 1, limit: 5, sort_column: 'id', sort_order: 'desc' });
  });

  it('applies a chosen filter at once and goes back to page 1', () => {
    const { result } = renderList();
    act(() => result.current.setPage(4));
    act(() => result.current.setFilters({ ...EMPTY, from: '2024-01-01', agency: '7' }));
    expect(result.current.params).toEqual({ page: 1, limit: 5, sort_column: 'id', sort_order: 'desc', from: '2024-01-01', agency: '7' });
  });

  it('goes back to page 1 on another page size, and on another sort unless told to keep the page', () => {
    const { result, rerender } = renderList();
    act(() => result.current.setPage(4));
    act(() => result.current.setLimit(20));
    expect(result.current.params).toMatchObject({ page: 1, limit: 20 });

    act(() => result.current.setPage(4));
    act(() => result.current.onSortChange({ column: 'total', order: 'asc' }));
    expect(result.current.params).toMatchObject({ page: 1, sort_column: 'total', sort_order: 'asc' });

    rerender({ sortKeepsPage: true });
    act(() => result.current.setPage(4));
    act(() => result.current.onSortChange({ column: 'id', order: 'asc' }));
    expect(result.current.params).toMatchObject({ page: 4, sort_column: 'id', sort_order: 'asc' });
  });

  it('goes back to page 1 when something listed outside its filters changes', () => {
    const { result, rerender } = renderList({ listing: null });
    act(() => result.current.setPage(3));
    rerender({ listing: 'unpaid' });
    expect(result.current.page).toBe(1);
  });

  it('resets the filters, the sort and the page', () => {
    const { result } = renderList();
    act(() => result.current.setFilters({ from: '2024-01-01', keyword: 'x', agency: '2' }));
    pause();
    act(() => result.current.onSortChange({ column: 'total', order: 'asc' }));
    act(() => result.current.setPage(2));

    act(() => result.current.reset());
    expect(result.current.filters).toEqual(EMPTY);
    expect(result.current.sort).toEqual(SORT);
    expect(result.current.params).toEqual({ page: 1, limit: 5, sort_column: 'id', sort_order: 'desc' });
  });

  it('reads the next page after the cursor the page before handed over, under the same listing and sort only', () => {
    const { result } = renderList({ cursors: true, sortKeepsPage: true });
    act(() => result.current.remember(1, 'c1'));
    act(() => result.current.setPage(2));
    expect(result.current.params).toMatchObject({ page: 2, after: 'c1' });

    // A page reached another way is read by its number.
    act(() => result.current.setPage(3));
    expect(result.current.params).not.toHaveProperty('after');

    // Under another sort, the cursors read before do not apply.
    act(() => result.current.setPage(2));
    act(() => result.current.onSortChange({ column: 'total', order: 'asc' }));
    expect(result.current.params).toMatchObject({ page: 2, sort_column: 'total' });
    expect(result.current.params).not.toHaveProperty('after');
  });
});
