import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconRefresh, IconSearch, IconUserPlus } from '@tabler/icons-react';
import {
  DEFAULT_PAGE_SIZE,
  managementScreenMessages,
  messages,
  PAGE_SIZES,
  roleCan,
  userMessages,
  type UserListRow,
} from '@copydesk/shared';
import { toggleSort, type SortState } from '@/components/ui/sort-header';
import { TablePager } from '@/components/ui/table-pager';
import { useUsers, type UserSortColumn } from '@/features/users/api/get-users';
import { AddUserModal } from '@/features/users/components/add-user-modal';
import { EditUserModal } from '@/features/users/components/edit-user-modal';
import { UserDetailModal } from '@/features/users/components/user-detail-modal';
import { UsersTable } from '@/features/users/components/users-table';
import { useSession } from '@/lib/auth';

/** Newest users first. */
const DEFAULT_SORT: SortState<UserSortColumn> = { column: 'id', order: 'desc' };

type ManagementScreenProps = { callerId: number; isAdmin: boolean };

function ManagementScreen({ callerId, isAdmin }: ManagementScreenProps) {
  // Below Mantine's sm breakpoint the columns do not fit a phone: one card per user instead.
  const stacked = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  // Typing waits for a pause; clearing the box lists everyone at once.
  const term = search.trim() ? debounced : '';
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<UserListRow | null>(null);
  const [editing, setEditing] = useState<UserListRow | null>(null);

  const users = useUsers({ page, limit, sort_column: sort.column, sort_order: sort.order, search: term || undefined });

  // Back to the first page whenever what is listed changes.
  const filterKey = JSON.stringify([term, limit]);
  useEffect(() => setPage(1), [filterKey]);

  // /management?add=1 (the dashboard's Add Users, the welcome guide) opens the add modal at once;
  // the flag is dropped so that closing the modal is final.
  useEffect(() => {
    if (params.get('add') !== '1') return;
    setAdding(true);
    setParams(
      (next) => {
        next.delete('add');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);

  const addLabel = isAdmin ? userMessages.addAgency : userMessages.addAssociate;
  const failed = users.isError && !users.data;

  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            User Management
          </Title>
          <Text c="gray.7">{isAdmin ? managementScreenMessages.subtitleAdmin : managementScreenMessages.subtitleAgency}</Text>
        </Stack>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
          {addLabel}
        </Button>
      </Group>

      <Card withBorder radius="lg" padding={0}>
        <Group p="md" pb="xs">
          <TextInput
            label="Search"
            placeholder={managementScreenMessages.searchPlaceholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maxLength={100}
            w={{ base: '100%', sm: 320 }}
          />
        </Group>
        {failed ? (
          <Alert m="md" color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={managementScreenMessages.loadFailed}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{users.error.message}</Text>
              <Button
                size="xs"
                variant="default"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={() => void users.refetch()}
                loading={users.isFetching}
              >
                Retry
              </Button>
            </Stack>
          </Alert>
        ) : (
          <UsersTable
            rows={users.data?.data}
            loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
            sort={sort}
            onSort={(column) => {
              setSort((s) => toggleSort(s, column));
              setPage(1);
            }}
            showAccount={isAdmin}
            stacked={stacked}
            onView={setViewing}
            onEdit={setEditing}
            empty={
              <Text ta="center" c="gray.7" fw={600} py="lg">
                {messages.noData}
              </Text>
            }
          />
        )}
        <TablePager meta={users.data?.meta} page={page} onPage={setPage} limit={limit} limits={PAGE_SIZES} onLimit={setLimit} />
      </Card>

      <AddUserModal opened={adding} onClose={() => setAdding(false)} kind={isAdmin ? 'agency' : 'associate'} addedBy={callerId} />
      <UserDetailModal
        row={viewing}
        onClose={() => setViewing(null)}
        callerId={callerId}
        showAccount={isAdmin}
        onEdit={(user) => {
          setViewing(null);
          setEditing(user);
        }}
      />
      <EditUserModal row={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}

/**
 * /management (access-and-billing §2 "User Management"): admins manage agencies and everyone
 * else, an agency itself and its associates. Associates never get here (the route guard sends
 * them to the dashboard and the server answers 403).
 */
export function ManagementRoute() {
  const { user, role } = useSession();
  if (!user || !roleCan(role, 'users.manage')) return null;
  // Who adds agencies sees every tenant (Group column, accounts); an agency adds associates.
  return <ManagementScreen callerId={user.id} isAdmin={roleCan(role, 'users.addAgency')} />;
}
