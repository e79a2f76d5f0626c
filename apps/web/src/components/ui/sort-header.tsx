import { Table, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Table.css';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { SortState } from '@/lib/use-paged-list';
import classes from './data-table.module.css';

export type { SortState };

/** The next sort after a click on `column`: the same column flips, another starts ascending. */
export function toggleSort<C extends string>(sort: SortState<C>, column: C): SortState<C> {
  return sort.column === column ? { column, order: sort.order === 'asc' ? 'desc' : 'asc' } : { column, order: 'asc' };
}

type SortHeaderProps<C extends string> = {
  column: C;
  label: string;
  sort: SortState<C>;
  onSort: (column: C) => void;
  align?: 'left' | 'center' | 'right';
};

/** A column header that sorts the table; `aria-sort` tells screen readers the current order. */
export function SortHeader<C extends string>({ column, label, sort, onSort, align }: SortHeaderProps<C>) {
  const active = sort.column === column;
  const Icon = !active ? IconSelector : sort.order === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th ta={align} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton className={classes.sortButton} onClick={() => onSort(column)}>
        {label}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
