import { Profiler, useState, type ReactNode } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, orderScreenMessages } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import { theme } from '@/test/utils';
import { DataTable, listState, PHONE_QUERY, type DataTableColumn, type DataTableProps, type SortState } from './data-table';
import { EmptyState } from './empty-state';

type Fruit = { id: number; name: string; price: string; status: string };
type Col = 'name' | 'price';

const ROWS: Fruit[] = [
  { id: 1, name: 'Apple', price: '$1.00', status: 'Fresh' },
  { id: 2, name: 'Banana', price: '$2.50', status: 'Ripe' },
];

const meta = { from: 1, to: 2, total: 2, last_page: 1, current_page: 1, per_page: 10 };

function columns(onBuy: (fruit: Fruit) => void): DataTableColumn<Fruit, Col>[] {
  return [
    { key: 'name', header: 'Name', sort: 'name', cell: (f) => f.name, card: 'title' },
    { key: 'price', header: 'Price', sort: 'price', cell: (f) => f.price, align: 'right' },
    { key: 'status', header: 'Status', cell: (f) => f.status, card: 'aside' },
    {
      key: 'actions',
      header: 'Actions',
      card: 'actions',
      cell: (f) => (
        <button type="button" onClick={() => onBuy(f)}>
          Buy {f.name}
        </button>
      ),
    },
  ];
}

const wrap = (ui: ReactNode) => <MantineProvider theme={theme}>{ui}</MantineProvider>;

type Setup = Partial<DataTableProps<Fruit, Col>> & { onBuy?: (fruit: Fruit) => void };

/** A fruit table with a sort it keeps itself; the spies see what the table asks for. */
function renderTable({ onBuy = vi.fn(), ...props }: Setup = {}) {
  const onSortChange = vi.fn();
  function Harness() {
    const [sort, setSort] = useState<SortState<Col>>({ column: 'name', order: 'asc' });
    return (
      <DataTable<Fruit, Col>
        label="Fruit"
        columns={columns(onBuy)}
        rows={ROWS}
        rowKey={(f) => f.id}
        rowLabel={(f) => `Fruit ${f.name}`}
        sort={sort}
        onSortChange={(next) => {
          onSortChange(next);
          setSort(next);
        }}
        pager={{ meta, page: 1, onPage: vi.fn(), limit: 10, limits: [10, 20], onLimit: vi.fn() }}
        {...props}
      />
    );
  }
  const user = userEvent.setup({ delay: null });
  return { ...render(wrap(<Harness />)), user, onSortChange };
}

/** Pretends the screen is narrower than 768 px. */
function onPhone() {
  const desktop = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === PHONE_QUERY })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = desktop;
  };
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('data table on a desktop', () => {
  it('shows a table with its headers, rows and entries line, and sorts from a header', async () => {
    const { user, onSortChange } = renderTable();
    const table = screen.getByRole('table', { name: 'Fruit' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price', 'Status', 'Actions']);
    expect(within(table).getByRole('row', { name: 'Fruit Banana' })).toHaveTextContent('$2.50');
    expect(screen.queryByRole('list', { name: 'Fruit' })).not.toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(1, 2, 2))).toBeInTheDocument();

    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'name', order: 'desc' });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Price' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'price', order: 'asc' });
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'none');
  });

  it('opens a row by click, Enter and Space, but not when one of its buttons is used', async () => {
    const onRowClick = vi.fn();
    const onBuy = vi.fn();
    const { user } = renderTable({ onRowClick, onBuy });
    const row = screen.getByRole('row', { name: 'Fruit Apple' });
    await user.click(row);
    expect(onRowClick).toHaveBeenLastCalledWith(ROWS[0]);

    row.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onRowClick).toHaveBeenCalledTimes(3);

    await user.click(within(row).getByRole('button', { name: 'Buy Apple' }));
    expect(onBuy).toHaveBeenCalledWith(ROWS[0]);
    expect(onRowClick).toHaveBeenCalledTimes(3);
  });

  it('shows skeletons, not an empty list, while the first page loads', () => {
    renderTable({ rows: undefined, loading: true });
    expect(screen.getByRole('table', { name: 'Fruit' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText(messages.noData)).not.toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /^Fruit/ })).not.toBeInTheDocument();
  });

  it('draws a page that came in a commit of its own after the one that received it, keeping the skeletons until then', () => {
    // What each commit left on screen: skeleton rows, the empty state, or rows of fruit.
    const drawn: string[] = [];
    const onRender = () => {
      const table = screen.queryByRole('table', { name: 'Fruit' });
      drawn.push(
        screen.queryByText(messages.noData) ? 'empty' : table && within(table).queryAllByRole('row', { name: /^Fruit/ }).length ? 'rows' : 'skeletons',
      );
    };
    const table = (rows: Fruit[] | undefined, loading: boolean) =>
      wrap(
        <Profiler id="table" onRender={onRender}>
          <DataTable<Fruit, Col>
            label="Fruit"
            columns={columns(vi.fn())}
            rows={rows}
            loading={loading}
            rowKey={(f) => f.id}
            rowLabel={(f) => `Fruit ${f.name}`}
          />
        </Profiler>,
      );
    const { rerender } = render(table(undefined, true));
    drawn.length = 0;
    rerender(table(ROWS, false));
    // The answer's own commit still shows skeletons (never the empty state); the rows come in the
    // background commit after it (docs/decisions/0048-short-tasks-after-first-paint.md).
    expect(drawn).toEqual(['skeletons', 'rows']);
    expect(screen.getByRole('row', { name: 'Fruit Banana' })).toHaveTextContent('$2.50');
  });

  it('keeps the previous rows readable under a moving bar while the next page loads', () => {
    const { unmount } = renderTable({ loading: true });
    expect(screen.getByRole('table', { name: 'Fruit' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('row', { name: 'Fruit Apple' })).toBeVisible();
    expect(screen.getByTestId('list-refreshing')).toBeInTheDocument();
    unmount();
    renderTable({ loading: false });
    expect(screen.queryByTestId('list-refreshing')).not.toBeInTheDocument();
  });

  it("says 'No data found.' by default when the list is empty, or what the screen asks it to", () => {
    const { unmount } = renderTable({
      rows: [],
      pager: { meta: { ...meta, from: null, to: null, total: 0 }, page: 1, onPage: vi.fn(), limit: 10, limits: [10], onLimit: vi.fn() },
    });
    expect(screen.getByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(0, 0, 0))).toBeInTheDocument();
    unmount();

    renderTable({ rows: [], empty: <EmptyState title={messages.noData} message="No fruit yet." action={<button type="button">Add fruit</button>} /> });
    expect(screen.getByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add fruit' })).toBeInTheDocument();
  });

  it('shows a failed list as an error with Retry, never as an empty one', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ rows: undefined, error: new ApiError(500, messages.serverError), errorTitle: 'The fruit could not be loaded.', onRetry });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The fruit could not be loaded.');
    expect(alert).toHaveTextContent(messages.serverError);
    expect(screen.queryByText(messages.noData)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing \d+ to \d+ of \d+ entries$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Entries per page' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('data table on a phone', () => {
  it('shows one card per row with its title, status, label: value lines and actions, and no table', async () => {
    restore = onPhone();
    const onBuy = vi.fn();
    const onRowClick = vi.fn();
    const { user } = renderTable({ onBuy, onRowClick });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getByRole('list', { name: 'Fruit' });
    const banana = within(cards).getByRole('listitem', { name: 'Fruit Banana' });
    expect(banana).toHaveTextContent('Banana');
    expect(banana).toHaveTextContent('Ripe');
    // The price is a labelled value, on screen without scrolling sideways.
    expect(within(banana).getByText('Price')).toBeInTheDocument();
    expect(within(banana).getByText('$2.50')).toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(1, 2, 2))).toBeInTheDocument();

    await user.click(within(banana).getByRole('button', { name: 'Buy Banana' }));
    expect(onBuy).toHaveBeenCalledWith(ROWS[1]);
    expect(onRowClick).not.toHaveBeenCalled();

    banana.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(ROWS[1]);
  });

  it('sorts with one "Sort by" choice instead of the column headers', () => {
    restore = onPhone();
    const { onSortChange } = renderTable();
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('name:asc');
    fireEvent.change(select, { target: { value: 'price:desc' } });
    expect(onSortChange).toHaveBeenLastCalledWith({ column: 'price', order: 'desc' });
    expect(select).toHaveValue('price:desc');
  });

  it('shows the same error with Retry and the same empty state as the table', async () => {
    restore = onPhone();
    const onRetry = vi.fn();
    const { user, unmount } = renderTable({ rows: undefined, error: new Error('Offline'), onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Offline');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    unmount();

    renderTable({ rows: [] });
    expect(screen.getByText(messages.noData)).toBeInTheDocument();
  });
});

describe('data table with too little room', () => {
  it('shows cards rather than a table whose right-hand columns would be off screen', async () => {
    const Real = window.ResizeObserver;
    // The list's box is 500 px wide, less than the table's 720.
    window.ResizeObserver = class {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        this.callback([{ target, contentRect: { width: 500, height: 300 } } as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    try {
      renderTable({ minWidth: 720 });
      expect(await screen.findByRole('list', { name: 'Fruit' })).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.getByRole('listitem', { name: 'Fruit Banana' })).toHaveTextContent('$2.50');
    } finally {
      window.ResizeObserver = Real;
    }
  });
});

describe('listState', () => {
  it('feeds the table from a query: the error, and a Retry that asks the server again', async () => {
    let calls = 0;
    const fetchFruit = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(500, messages.serverError);
      return ROWS;
    });
    function FruitList() {
      const query = useQuery({ queryKey: ['fruit'], queryFn: fetchFruit });
      return (
        <DataTable label="Fruit" columns={columns(vi.fn())} rows={query.data} rowKey={(f) => f.id} rowLabel={(f) => `Fruit ${f.name}`} {...listState(query)} />
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      wrap(
        <QueryClientProvider client={client}>
          <FruitList />
        </QueryClientProvider>,
      ),
    );

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(messages.serverError);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Fruit Apple' })).toBeInTheDocument();
    expect(fetchFruit).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
