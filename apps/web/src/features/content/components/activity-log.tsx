import { useEffect, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Select, Skeleton, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload, IconSearch } from '@tabler/icons-react';
import { ACTIVITY_PAGE_SIZES, messages, type ActivityLogRow } from '@copydesk/shared';
import { SortHeader, toggleSort, type SortState } from '@/components/ui/sort-header';
import { TablePager } from '@/components/ui/table-pager';
import { useDownload } from '@/lib/use-download';
import { downloadActivityFile } from '../api/download-activity-file';
import { useActivityLogs, type ActivitySortColumn } from '../api/get-activity-logs';
import { formatDateTime } from '../lib/format';

const COLUMNS = 4;
const DEFAULT_SORT: SortState<ActivitySortColumn> = { column: 'created_at', order: 'desc' };

/** Phones list the entries instead of a table; the column sorts become one choice. */
const PHONE_SORTS: { value: string; label: string; sort: SortState<ActivitySortColumn> }[] = [
  { value: 'created_at:desc', label: 'Newest first', sort: { column: 'created_at', order: 'desc' } },
  { value: 'created_at:asc', label: 'Oldest first', sort: { column: 'created_at', order: 'asc' } },
  { value: 'description:asc', label: 'Description A–Z', sort: { column: 'description', order: 'asc' } },
  { value: 'username:asc', label: 'User A–Z', sort: { column: 'username', order: 'asc' } },
];

/**
 * The item's activity log (spec §2 "Item-detail variant"): Description, User and Date, sortable,
 * searchable, 5 to 100 per page, and the file of an entry that has one.
 */
export function ActivityLog({ contentId }: { contentId: number }) {
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const logs = useActivityLogs(contentId, {
    page,
    limit,
    sort_column: sort.column,
    sort_order: sort.order,
    search: debounced || undefined,
  });
  const download = useDownload();
  const stacked = useMediaQuery('(max-width: 36em)') ?? false;
  useEffect(() => setPage(1), [debounced, limit]);

  const rows = logs.data?.data;
  const onSort = (column: ActivitySortColumn) => {
    setSort((s) => toggleSort(s, column));
    setPage(1);
  };

  const fileButton = (row: ActivityLogRow) =>
    row.filename && (
      <Tooltip label={`Download ${row.filename}`}>
        <ActionIcon
          variant="subtle"
          size="lg"
          loading={download.busy === `log-${row.id}`}
          onClick={() => void download.run(`log-${row.id}`, () => downloadActivityFile(row.id, row.filename))}
          aria-label={`Download ${row.filename}`}
        >
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );

  let body;
  if (logs.isPending) {
    body = Array.from({ length: 3 }, (_, i) => (
      <Table.Tr key={i}>
        <Table.Td colSpan={COLUMNS}>
          <Skeleton h={22} />
        </Table.Td>
      </Table.Tr>
    ));
  } else if (!rows?.length) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS}>
          <Text ta="center" c="gray.7" fw={600} py="lg">
            {logs.isError ? '' : messages.noData}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row: ActivityLogRow) => (
      <Table.Tr key={row.id}>
        <Table.Td>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.description}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{row.username}</Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{formatDateTime(row.created_at)}</Text>
        </Table.Td>
        <Table.Td ta="right">{fileButton(row)}</Table.Td>
      </Table.Tr>
    ));
  }

  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="activity-log-title">
      <Group justify="space-between" gap="sm" p="md" pb="sm">
        <Title order={2} fz="lg" id="activity-log-title">
          Activity log
        </Title>
        <TextInput
          aria-label="Search the activity log"
          placeholder="Search activity"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      {logs.isError && (
        <Alert
          mx="md"
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={logs.error.message}
        >
          <Button size="xs" variant="default" onClick={() => void logs.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {stacked ? (
        <>
          <Select
            mx="md"
            mb="sm"
            label="Sort by"
            data={PHONE_SORTS.map(({ value, label }) => ({ value, label }))}
            value={`${sort.column}:${sort.order}`}
            onChange={(value) => {
              const found = PHONE_SORTS.find((s) => s.value === value);
              if (found) {
                setSort(found.sort);
                setPage(1);
              }
            }}
            allowDeselect={false}
          />
          {logs.isPending ? (
            <Stack gap="xs" px="md">
              <Skeleton h={48} />
              <Skeleton h={48} />
            </Stack>
          ) : !rows?.length ? (
            <Text ta="center" c="gray.7" fw={600} py="lg">
              {logs.isError ? '' : messages.noData}
            </Text>
          ) : (
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none', opacity: logs.isPlaceholderData ? 0.6 : 1 }} aria-label="Activity">
              {rows.map((row) => (
                <Group
                  key={row.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  px="md"
                  py="sm"
                  style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {row.description}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {row.username} · {formatDateTime(row.created_at)}
                    </Text>
                  </div>
                  {fileButton(row)}
                </Group>
              ))}
            </Stack>
          )}
        </>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" horizontalSpacing="md" style={{ opacity: logs.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <SortHeader column="description" label="Description" sort={sort} onSort={onSort} />
                <SortHeader column="username" label="User" sort={sort} onSort={onSort} />
                <SortHeader column="created_at" label="Date" sort={sort} onSort={onSort} />
                <Table.Th ta="right">File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <TablePager meta={logs.data?.meta} page={page} onPage={setPage} limit={limit} limits={ACTIVITY_PAGE_SIZES} onLimit={setLimit} />
    </Card>
  );
}
