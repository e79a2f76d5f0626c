import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { listScreenMessages, managementScreenMessages, messages, PAGE_SIZES, roleCan, userMessages, type UserListRow } from '@copydesk/shared';
import { listState, type SortState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useUsers, type UserSortColumn } from '@/features/users/api/get-users';
import { AddUserModal } from '@/features/users/components/add-user-modal';
import { EditUserModal } from '@/features/users/components/edit-user-modal';
import { UserDetailModal } from '@/features/users/components/user-detail-modal';
import { UsersTable } from '@/features/users/components/users-table';
import { useSession } from '@/lib/auth';
import { usePagedList } from '@/lib/use-paged-list';

/** Newest users first. */
const DEFAULT_SORT: SortState<UserSortColumn> = { column: 'id', order: 'desc' };
const NO_SEARCH = { search: '' };

type ManagementScreenProps = { callerId: number; isAdmin: boolean };

function ManagementScreen({ callerId, isAdmin }: ManagementScreenProps) {
  const [params, setParams] = useSearchParams();
  // Typing waits for a pause; clearing the box lists everyone at once.
  const list = usePagedList<{ search: string }, UserSortColumn>({ sort: DEFAULT_SORT, filters: NO_SEARCH, typed: ['search'] });
  const { search } = list.filters;
  const term = list.applied.search;
  const setSearch = (next: string) => list.setFilters({ search: next });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<UserListRow | null>(null);
  const [editing, setEditing] = useState<UserListRow | null>(null);

  const users = useUsers(list.params);

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
        <UsersTable
          rows={users.data?.data}
          {...listState(users)}
          errorTitle={managementScreenMessages.loadFailed}
          pager={{ meta: users.data?.meta, page: list.page, onPage: list.setPage, limit: list.limit, limits: PAGE_SIZES, onLimit: list.setLimit }}
          sort={list.sort}
          onSortChange={list.onSortChange}
          showAccount={isAdmin}
          onView={setViewing}
          onEdit={setEditing}
          empty={
            <EmptyState
              icon={IconUsers}
              title={messages.noData}
              message={term ? listScreenMessages.usersSearched : isAdmin ? listScreenMessages.usersNoneAdmin : listScreenMessages.usersNoneAgency}
              action={
                term ? (
                  <Button variant="default" size="xs" onClick={() => setSearch('')}>
                    Clear search
                  </Button>
                ) : (
                  <Button size="xs" leftSection={<IconUserPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
                    {addLabel}
                  </Button>
                )
              }
            />
          }
        />
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
 * /management, User Management (docs/decisions/0011-tenancy-and-roles.md): admins manage agencies and everyone
 * else, an agency itself and its associates. Associates never get here (the route guard sends
 * them to the dashboard and the server answers 403).
 */
export function ManagementRoute() {
  const { user, role } = useSession();
  if (!user || !roleCan(role, 'users.manage')) return null;
  // Who adds agencies sees every tenant (Group column, accounts); an agency adds associates.
  return <ManagementScreen callerId={user.id} isAdmin={roleCan(role, 'users.addAgency')} />;
}
