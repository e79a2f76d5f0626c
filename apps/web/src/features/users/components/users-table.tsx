import type { ReactNode } from 'react';
import { ActionIcon, Button, Card, Group, Skeleton, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import type { UserListRow } from '@copydesk/shared';
import { SortHeader, type SortState } from '@/components/ui/sort-header';
import { EmptyRow, SkeletonRows } from '@/components/ui/table-rows';
import type { UserSortColumn } from '../api/get-users';
import { balanceText, roleLabel } from '../lib/user-format';
import { UserStatusBadge } from './user-status-badge';
import classes from './users-table.module.css';

type UsersTableProps = {
  rows: UserListRow[] | undefined;
  loading: boolean;
  sort: SortState<UserSortColumn>;
  onSort: (column: UserSortColumn) => void;
  /** Admins also see each user's group (its agency) and wallet balance. */
  showAccount: boolean;
  /** Phones get one card per user instead of a wide table. */
  stacked: boolean;
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
        <Text size="xs" c="gray.7" lineClamp={1} title={row.role_designation}>
          {row.role_designation}
        </Text>
      )}
    </>
  );
}

function RowActions({ row, onView, onEdit }: { row: UserListRow; onView: (row: UserListRow) => void; onEdit: (row: UserListRow) => void }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="View" withArrow>
        <ActionIcon variant="subtle" aria-label={`View ${row.name}`} onClick={() => onView(row)}>
          <IconEye size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit" withArrow>
        <ActionIcon variant="subtle" aria-label={`Edit ${row.name}`} onClick={() => onEdit(row)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

function UserCard({ row, showAccount, onView, onEdit }: { row: UserListRow; showAccount: boolean; onView: (row: UserListRow) => void; onEdit: (row: UserListRow) => void }) {
  return (
    <Card withBorder radius="md" padding="sm" component="li" aria-label={row.name}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={700} className={classes.wrap}>
            {row.name}
          </Text>
          <UserStatusBadge status={row.status} />
        </Group>
        <Text size="sm" className={classes.wrap}>
          {row.email}
        </Text>
        <Text size="sm" c="gray.7" className={classes.wrap}>
          {[roleLabel(row), row.company_name, row.phoneNumber].filter(Boolean).join(' · ')}
        </Text>
        {showAccount && (
          <Text size="sm" className={classes.wrap}>
            <Text span c="gray.7">
              Group:
            </Text>{' '}
            {dash(row.group)} ·{' '}
            <Text span c="gray.7">
              Balance:
            </Text>{' '}
            {balanceText(row.balance)}
          </Text>
        )}
        <Group justify="flex-end" gap="xs" mt={4}>
          <Button size="xs" variant="default" leftSection={<IconEye size={14} aria-hidden />} onClick={() => onView(row)} aria-label={`View ${row.name}`}>
            View
          </Button>
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(row)} aria-label={`Edit ${row.name}`}>
            Edit
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** User Management's list: sortable by name, email and status; View and Edit on every row. */
export function UsersTable({ rows, loading, sort, onSort, showAccount, stacked, onView, onEdit, empty }: UsersTableProps) {
  if (stacked) {
    if (loading && !rows) {
      return (
        <Stack gap="sm" p="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={120} radius="md" />
          ))}
        </Stack>
      );
    }
    if (!rows?.length) return <div className={classes.empty}>{empty}</div>;
    return (
      <Stack gap="sm" p="sm" component="ul" m={0} style={{ listStyle: 'none' }} aria-label="Users">
        {rows.map((row) => (
          <UserCard key={row.id} row={row} showAccount={showAccount} onView={onView} onEdit={onEdit} />
        ))}
      </Stack>
    );
  }

  const columns = showAccount ? 9 : 7;
  return (
    <Table.ScrollContainer minWidth={showAccount ? 1040 : 840}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="name" label="Name" sort={sort} onSort={onSort} />
            <SortHeader column="email" label="Email" sort={sort} onSort={onSort} />
            <Table.Th>Phone</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th>Role</Table.Th>
            {showAccount && <Table.Th>Group</Table.Th>}
            {showAccount && <Table.Th ta="right">Balance</Table.Th>}
            <SortHeader column="status" label="Status" sort={sort} onSort={onSort} />
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows ? (
            <SkeletonRows columns={columns} />
          ) : !rows?.length ? (
            <EmptyRow columns={columns}>{empty}</EmptyRow>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id} aria-label={row.name}>
                <Table.Td fw={600} maw={220} className={classes.wrap}>
                  {row.name}
                </Table.Td>
                <Table.Td maw={260} className={classes.wrap}>
                  {row.email}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{dash(row.phoneNumber)}</Table.Td>
                <Table.Td maw={200} className={classes.wrap}>
                  {dash(row.company_name)}
                </Table.Td>
                <Table.Td maw={180}>
                  <RoleCell row={row} />
                </Table.Td>
                {showAccount && (
                  <Table.Td maw={200} className={classes.wrap}>
                    {dash(row.group)}
                  </Table.Td>
                )}
                {showAccount && (
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {balanceText(row.balance)}
                  </Table.Td>
                )}
                <Table.Td>
                  <UserStatusBadge status={row.status} />
                </Table.Td>
                <Table.Td>
                  <RowActions row={row} onView={onView} onEdit={onEdit} />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
