import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group, Text } from '@mantine/core';
import type { FulfilmentRow } from '@copydesk/shared';
import { DataTable, type DataTableColumn, type DataTableProps, type SortState } from '@/components/ui/data-table';
import type { FulfilmentSortColumn } from '../api/get-fulfilment';
import type { Agent } from '../api/get-fulfilment-agents';
import { AssignControls, canAssign } from './assign-controls';
import { ContentStatusBadge } from './content-status-badge';
import { DeliverDocxButton } from './deliver-docx-button';
import { DueDate } from './due-date';
import classes from './fulfilment-table.module.css';

type FulfilmentTableProps = Pick<DataTableProps<FulfilmentRow, FulfilmentSortColumn>, 'loading' | 'error' | 'errorTitle' | 'onRetry' | 'retrying' | 'pager'> & {
  rows: FulfilmentRow[] | undefined;
  sort: SortState<FulfilmentSortColumn>;
  onSortChange: (sort: SortState<FulfilmentSortColumn>) => void;
  agents: Agent[] | undefined;
  /** Shown instead of rows when there are none (loaded, no error). */
  empty: ReactNode;
};

const title = (row: FulfilmentRow) => row.article_title || `Item ${row.id}`;

/** Take / Assign to… while an item waits for a writer, Upload .docx while it is in progress (the title opens the item). */
function RowActions({ row, agents, compact = false }: { row: FulfilmentRow; agents: Agent[] | undefined; compact?: boolean }) {
  const label = `item ${row.id}`;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {canAssign(row.status) && <AssignControls id={row.id} status={row.status} agents={agents} itemLabel={label} compact={compact} />}
      {row.status === 'In Progress' && <DeliverDocxButton contentId={row.id} itemLabel={label} />}
    </Group>
  );
}

/** The fulfilment queue: one row per paid item, overdue rows marked in words and with a red edge; cards on narrow screens. */
export function FulfilmentTable({ rows, sort, onSortChange, agents, empty, ...state }: FulfilmentTableProps) {
  const columns: DataTableColumn<FulfilmentRow, FulfilmentSortColumn>[] = [
    { key: 'id', header: 'ID', sort: 'id', cell: (row) => `#${row.id}`, card: 'hidden', tdProps: { fw: 600 } },
    {
      key: 'title',
      header: 'Title',
      cell: (row) => (
        // The whole title, wrapped between words: an ellipsis cut it mid-word ("abou…").
        <Anchor component={Link} to={`/content-view/${row.id}`} size="sm" fw={600}>
          {title(row)}
        </Anchor>
      ),
      cardCell: (row) => (
        <Anchor component={Link} to={`/content-view/${row.id}`} fw={700}>
          #{row.id} {title(row)}
        </Anchor>
      ),
      card: 'title',
      tdProps: { miw: 160, maw: 260 },
    },
    { key: 'type', header: 'Type', cell: (row) => row.order_type },
    { key: 'words', header: 'Words', cell: (row) => row.word_count },
    { key: 'agency', header: 'Agency', cell: (row) => row.agency.name },
    {
      key: 'writer',
      header: 'Writer',
      cell: (row) =>
        row.linkagent?.name ?? (
          <Text span size="sm" c="gray.7">
            Nobody yet
          </Text>
        ),
    },
    { key: 'status', header: 'Status', sort: 'status', cell: (row) => <ContentStatusBadge status={row.status} customer={false} />, card: 'aside' },
    {
      key: 'due',
      header: 'Due',
      sort: 'due_at',
      cell: (row) => <DueDate dueAt={row.due_at} overdue={row.overdue} stacked />,
      cardCell: (row) => <DueDate dueAt={row.due_at} overdue={row.overdue} />,
    },
    { key: 'revisions', header: 'Revisions left', align: 'center', cell: (row) => row.revisions_left },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (row) => <RowActions row={row} agents={agents} compact />,
      cardCell: (row) => <RowActions row={row} agents={agents} />,
    },
  ];
  return (
    <DataTable
      label="Items"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => `Item ${row.id}`}
      rowProps={(row) => ({ className: classes.row, 'data-overdue': row.overdue || undefined })}
      empty={empty}
      sort={sort}
      onSortChange={onSortChange}
      minWidth={900}
      tableProps={{ horizontalSpacing: 'xs' }}
      {...state}
    />
  );
}
