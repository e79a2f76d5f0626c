import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { formatDollars, type UserListRow } from '@copydesk/shared';
import { Breakable } from '@/components/ui/breakable';
import { DataTable, type DataTableColumn, type DataTableProps, type SortState } from '@/components/ui/data-table';
import { formatPhone } from '@/lib/format-phone';
import type { UserSortColumn } from '../api/get-users';
import { roleLabel } from '../lib/user-format';
import { UserStatusBadge } from './user-status-badge';
import classes from './users-table.module.css';
import { Tooltip } from '@/components/ui/tooltip';

type UsersTableProps = Pick<DataTableProps<UserListRow, UserSortColumn>, 'loading' | 'error' | 'errorTitle' | 'onRetry' | 'retrying' | 'pager'> & {
  rows: UserListRow[] | undefined;
  sort: SortState<UserSortColumn>;
  onSortChange: (sort: SortState<UserSortColumn>) => void;
  /** Admins also see each user's group (its agency) and wallet balance. */
  showAccount: boolean;
  onView: (row: UserListRow) => void;
  onEdit: (row: UserListRow) => void;
  /** Shown instead of rows when there are none (loaded, no error). */
  empty: ReactNode;
};

const dash = (value: string | null) => value || '—';

function RoleCell({ row }: { row: UserListRow }) {
  return (
    <>
      <Text size="sm">{roleLabel(row)}</Text>
      {row.role_designation && (
        // Wraps between words rather than ending in an ellipsis ("Content…").
        <Text size="xs" c="gray.7" className={classes.wrap}>
          {row.role_designation}
        </Text>
      )}
    </>
  );
}

type ActionProps = { row: UserListRow; onView: (row: UserListRow) => void; onEdit: (row: UserListRow) => void };

function RowActions({ row, onView, onEdit }: ActionProps) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="View" withArrow>
        <ActionIcon variant="subtle" size="lg" aria-label={`View ${row.name}`} onClick={() => onView(row)}>
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit" withArrow>
        <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${row.name}`} onClick={() => onEdit(row)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Phones: buttons with words, big enough for a thumb. */
function CardActions({ row, onView, onEdit }: ActionProps) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button size="xs" variant="default" leftSection={<IconEye size={14} aria-hidden />} onClick={() => onView(row)} aria-label={`View ${row.name}`}>
        View
      </Button>
      <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(row)} aria-label={`Edit ${row.name}`}>
        Edit
      </Button>
    </Group>
  );
}

/** User Management's list: sortable by name, email and status; View and Edit on every row; cards on a phone. */
export function UsersTable({ rows, sort, onSortChange, showAccount, onView, onEdit, empty, ...state }: UsersTableProps) {
  const wrap = { className: classes.wrap };
  const columns: DataTableColumn<UserListRow, UserSortColumn>[] = [
    { key: 'name', header: 'Name', sort: 'name', cell: (row) => row.name, card: 'title', tdProps: { fw: 600, maw: 220, ...wrap } },
    { key: 'email', header: 'Email', sort: 'email', cell: (row) => <Breakable text={row.email} />, tdProps: { maw: 260, ...wrap } },
    { key: 'phone', header: 'Phone', cell: (row) => dash(formatPhone(row.phoneNumber)), tdProps: { style: { whiteSpace: 'nowrap' } } },
    { key: 'company', header: 'Company', cell: (row) => dash(row.company_name), tdProps: { maw: 200, ...wrap } },
    { key: 'role', header: 'Role', cell: (row) => <RoleCell row={row} />, tdProps: { maw: 180 } },
  ];
  if (showAccount) {
    columns.push(
      { key: 'group', header: 'Group', cell: (row) => dash(row.group), tdProps: { maw: 200, ...wrap } },
      { key: 'balance', header: 'Balance', align: 'right', cell: (row) => formatDollars(row.balance), tdProps: { style: { whiteSpace: 'nowrap' } } },
    );
  }
  columns.push(
    { key: 'status', header: 'Status', sort: 'status', cell: (row) => <UserStatusBadge status={row.status} />, card: 'aside' },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (row) => <RowActions row={row} onView={onView} onEdit={onEdit} />,
      cardCell: (row) => <CardActions row={row} onView={onView} onEdit={onEdit} />,
    },
  );
  return (
    <DataTable
      label="Users"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      empty={empty}
      sort={sort}
      onSortChange={onSortChange}
      minWidth={showAccount ? 900 : 800}
      tableProps={{ horizontalSpacing: 'sm' }}
      {...state}
    />
  );
}
