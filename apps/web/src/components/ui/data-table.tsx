import { useDeferredValue, type KeyboardEvent, type Key, type ReactNode } from 'react';
import { Card, Group, NativeSelect, Skeleton, Stack, Table, type TableProps, type TableTdProps } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { messages } from '@copydesk/shared';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { SortHeader, toggleSort, type SortState } from './sort-header';
import { TablePager, type TablePagerProps } from './table-pager';
import classes from './data-table.module.css';

export type { SortState } from './sort-header';
export { toggleSort } from './sort-header';

/** Below this width (Mantine's sm breakpoint, 768 px) rows become stacked cards. */
export const PHONE_QUERY = '(max-width: 47.99em)';

export type DataTableColumn<T, S extends string = string> = {
  /** Stable key of the column. */
  key: string;
  /** The header, and the label of the value on a phone card. */
  header: string;
  /** The server's sort column; the header then sorts the list. */
  sort?: S;
  cell: (row: T) => ReactNode;
  /** What a phone card shows instead of `cell` (full-size buttons instead of icons, say). */
  cardCell?: (row: T) => ReactNode;
  align?: 'left' | 'center' | 'right';
  /**
   * Where the column goes on a phone card: `title` heads the card, `aside` sits beside the title
   * (a status), `actions` along the bottom (always in view), `hidden` is left out (the title
   * already says it). Anything else is a 'label: value' line.
   */
  card?: 'title' | 'aside' | 'actions' | 'hidden';
  /**
   * Stays in view at the right edge while a wide table scrolls sideways; the actions column
   * is pinned unless this is `false`.
   */
  pinned?: boolean;
  /** Props of the column's cells in the table (width, weight, wrapping). */
  tdProps?: TableTdProps;
};

export type DataTableProps<T, S extends string = string> = {
  /** Names the table, and the list of cards on a phone, for screen readers. */
  label: string;
  columns: DataTableColumn<T, S>[];
  /** Undefined until the first page arrives. */
  rows: T[] | undefined;
  rowKey: (row: T) => Key;
  /** Names one row (its table row or card): 'Order 14'. */
  rowLabel?: (row: T) => string;
  /** Makes a whole row open something, by click, Enter or Space. */
  onRowClick?: (row: T) => void;
  /** A class and data attributes for a row (table row and card alike). */
  rowProps?: (row: T) => { className?: string } & Record<`data-${string}`, string | boolean | undefined>;
  /** A page is on its way: skeletons before the first, a moving bar above the rows while the next one loads. */
  loading?: boolean;
  /** Why the list could not be loaded; shown (with Retry) when there are no rows to show. */
  error?: unknown;
  /** What failed, as a sentence: 'The orders could not be loaded.' */
  errorTitle?: string;
  onRetry?: () => void;
  retrying?: boolean;
  /** Shown when the list loaded empty; the original portal's 'No data found.' by default. */
  empty?: ReactNode;
  sort?: SortState<S>;
  onSortChange?: (next: SortState<S>) => void;
  /** The pager under the list; left out while the list has failed. */
  pager?: TablePagerProps;
  /**
   * The narrowest the table may get. Where the list has less room than this (a tablet beside the
   * sidebar) its rows become cards too, rather than hiding the right-hand columns off screen.
   */
  minWidth?: number;
  tableProps?: Omit<TableProps, 'children'>;
};

/** What a list query hands the data table: its loading, failure and Retry. */
export type ListQueryState = {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  error: unknown;
  data: unknown;
  refetch: () => unknown;
};

/** The `loading`, `error`, `onRetry` and `retrying` props of a data table fed by `query`. */
export function listState(query: ListQueryState) {
  return {
    loading: query.isPending || (query.isFetching && query.isPlaceholderData),
    error: query.data === undefined ? query.error : null,
    onRetry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}

/** Rows that open something: Enter and Space on the row itself (not on a button inside it). */
function rowHandlers<T>(row: T, onRowClick: ((row: T) => void) | undefined) {
  if (!onRowClick) return {};
  return {
    tabIndex: 0,
    onClick: () => onRowClick(row),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onRowClick(row);
      }
    },
  };
}

// A click on a button inside a clickable row must not also open the row.
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

function SortSelect<T, S extends string>({
  columns,
  sort,
  onSortChange,
}: {
  columns: DataTableColumn<T, S>[];
  sort: SortState<S>;
  onSortChange: (next: SortState<S>) => void;
}) {
  const options = columns.flatMap((c) =>
    c.sort
      ? [
          { value: `${c.sort}:asc`, label: `${c.header} (ascending)` },
          { value: `${c.sort}:desc`, label: `${c.header} (descending)` },
        ]
      : [],
  );
  return (
    <NativeSelect
      className={classes.sortSelect}
      label="Sort by"
      data={options}
      value={`${sort.column}:${sort.order}`}
      onChange={(event) => {
        const [column, order] = event.currentTarget.value.split(':') as [S, 'asc' | 'desc'];
        onSortChange({ column, order });
      }}
    />
  );
}

/**
 * Every list of the app: columns declared once, a Mantine table where it fits and one card per
 * row on a phone or wherever the table would not fit (so totals, statuses and actions are never
 * off screen), with the loading, failed and empty states, sortable headers and the pager. Only one
 * of table and cards is rendered, so screen readers meet each row once.
 */
export function DataTable<T, S extends string = string>(props: DataTableProps<T, S>) {
  const {
    label,
    columns,
    rows,
    rowKey,
    rowLabel,
    onRowClick,
    rowProps,
    loading = false,
    error,
    errorTitle = 'This list could not be loaded.',
    onRetry,
    retrying,
    empty = <EmptyState title={messages.noData} />,
    sort,
    onSortChange,
    pager,
    minWidth = 720,
    tableProps,
  } = props;
  // A page of rows is drawn in the background, in slices the browser can paint and answer input
  // between, not in the task that received it: an answer's screen update is drawn whole at once
  // (docs/decisions/0048-short-tasks-after-first-paint.md). Until then the rows before it stay, or the skeletons before the first.
  const shownRows = useDeferredValue(rows);
  const waiting = (loading || rows !== undefined) && shownRows === undefined;
  // Read at once (no SSR here): a phone never renders the table first.
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false });
  // The room the list has (0 until measured, and in jsdom, which measures nothing).
  const { ref, width } = useElementSize();
  const stacked = phone || (width > 0 && width < minWidth);
  const failed = !!error && !shownRows?.length;
  const sortable = sort && onSortChange && columns.some((c) => c.sort);

  let body: ReactNode;
  if (failed) {
    body = (
      <div className={classes.state}>
        <ErrorState title={errorTitle} error={error} onRetry={onRetry} retrying={retrying} />
      </div>
    );
  } else if (stacked) {
    body = (
      <>
        {sortable && <SortSelect columns={columns} sort={sort} onSortChange={onSortChange} />}
        {waiting ? (
          <Stack gap="sm" p="sm" aria-busy>
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} h={120} radius="md" />
            ))}
          </Stack>
        ) : !shownRows?.length ? (
          empty
        ) : (
          <ul className={classes.cards} aria-label={label} aria-busy={loading || undefined}>
            {shownRows.map((row) => (
              <RowCard key={rowKey(row)} row={row} columns={columns} rowLabel={rowLabel} onRowClick={onRowClick} rowProps={rowProps} />
            ))}
          </ul>
        )}
      </>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={minWidth}>
        <Table
          aria-label={label}
          aria-busy={loading || undefined}
          className={classes.table}
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          {...tableProps}
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) =>
                c.sort && sort && onSortChange ? (
                  <SortHeader
                    key={c.key}
                    column={c.sort}
                    label={c.header}
                    align={c.align}
                    sort={sort}
                    onSort={(column) => onSortChange(toggleSort(sort, column))}
                  />
                ) : (
                  <Table.Th key={c.key} ta={c.align} className={isPinned(c) ? classes.pinned : undefined}>
                    {c.header}
                  </Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {waiting ? (
              Array.from({ length: 5 }, (_, i) => (
                <Table.Tr key={i}>
                  <Table.Td colSpan={columns.length}>
                    <Skeleton height={22} radius="sm" />
                  </Table.Td>
                </Table.Tr>
              ))
            ) : !shownRows?.length ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>{empty}</Table.Td>
              </Table.Tr>
            ) : (
              shownRows.map((row) => {
                const { className, ...data } = rowProps?.(row) ?? {};
                return (
                  <Table.Tr
                    key={rowKey(row)}
                    aria-label={rowLabel?.(row)}
                    className={cx(onRowClick && classes.clickable, className)}
                    {...data}
                    {...rowHandlers(row, onRowClick)}
                  >
                    {columns.map((c) => (
                      <Table.Td
                        key={c.key}
                        ta={c.align}
                        className={isPinned(c) ? classes.pinned : undefined}
                        onClick={c.card === 'actions' && onRowClick ? stop : undefined}
                        {...c.tdProps}
                      >
                        {c.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <div ref={ref} className={classes.root}>
      {/* The next page is on its way: a moving bar, not faded rows, so the rows stay readable. */}
      {loading && !!shownRows && <div className={classes.refreshing} data-testid="list-refreshing" />}
      {body}
      {pager && !failed && <TablePager {...pager} />}
    </div>
  );
}

const isPinned = <T, S extends string>(c: DataTableColumn<T, S>) => c.pinned ?? c.card === 'actions';

type RowCardProps<T, S extends string> = Pick<DataTableProps<T, S>, 'columns' | 'rowLabel' | 'onRowClick' | 'rowProps'> & { row: T };

/** One row as a card: title and status on top, 'label: value' lines, the actions at the bottom. */
function RowCard<T, S extends string>({ row, columns, rowLabel, onRowClick, rowProps }: RowCardProps<T, S>) {
  const show = (c: DataTableColumn<T, S>) => (c.cardCell ?? c.cell)(row);
  const title = columns.filter((c) => c.card === 'title');
  const aside = columns.filter((c) => c.card === 'aside');
  const actions = columns.filter((c) => c.card === 'actions');
  const fields = columns.filter((c) => !c.card);
  const { className, ...data } = rowProps?.(row) ?? {};
  return (
    <Card
      component="li"
      withBorder
      radius="md"
      padding="sm"
      aria-label={rowLabel?.(row)}
      className={cx(classes.card, onRowClick && classes.clickable, className)}
      {...data}
      {...rowHandlers(row, onRowClick)}
    >
      <Stack gap={6}>
        {(title.length > 0 || aside.length > 0) && (
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div className={classes.cardTitle}>
              {title.map((c) => (
                <div key={c.key}>{show(c)}</div>
              ))}
            </div>
            {aside.map((c) => (
              <div key={c.key} className={classes.aside}>
                {show(c)}
              </div>
            ))}
          </Group>
        )}
        {fields.length > 0 && (
          <dl className={classes.fields}>
            {fields.map((c) => (
              <div key={c.key} className={classes.field}>
                <dt>{c.header}</dt>
                <dd>{show(c)}</dd>
              </div>
            ))}
          </dl>
        )}
        {actions.length > 0 && (
          // Buttons handle their own keys and clicks; the card must not open as well.
          <Group justify="flex-end" gap="xs" mt={4} onClick={onRowClick ? stop : undefined}>
            {actions.map((c) => (
              <div key={c.key}>{show(c)}</div>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
