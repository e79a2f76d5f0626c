import { useEffect, useState } from 'react';
import { ActionIcon, Button, Card, Group, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { ACTIVITY_PAGE_SIZES, listScreenMessages, messages, type ActivityLogRow } from '@copydesk/shared';
import { DataTable, listState, type DataTableColumn, type SortState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useDownload } from '@/lib/use-download';
import { downloadActivityFile } from '../api/download-activity-file';
import { useActivityLogs, type ActivitySortColumn } from '../api/get-activity-logs';
import { formatDateTime } from '../lib/format';

const DEFAULT_SORT: SortState<ActivitySortColumn> = { column: 'created_at', order: 'desc' };

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
  useEffect(() => setPage(1), [debounced, limit]);

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

  const columns: DataTableColumn<ActivityLogRow, ActivitySortColumn>[] = [
    {
      key: 'description',
      header: 'Description',
      sort: 'description',
      cell: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.description}
        </Text>
      ),
      card: 'title',
    },
    { key: 'user', header: 'User', sort: 'username', cell: (row) => row.username, tdProps: { style: { whiteSpace: 'nowrap' } } },
    { key: 'date', header: 'Date', sort: 'created_at', cell: (row) => formatDateTime(row.created_at), tdProps: { style: { whiteSpace: 'nowrap' } } },
    { key: 'file', header: 'File', align: 'right', card: 'actions', pinned: false, cell: fileButton },
  ];

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
      <DataTable
        label="Activity"
        columns={columns}
        rows={logs.data?.data}
        rowKey={(row) => row.id}
        {...listState(logs)}
        errorTitle={listScreenMessages.activityFailed}
        empty={
          <EmptyState
            title={messages.noData}
            message={debounced ? listScreenMessages.activitySearched : listScreenMessages.activityNone}
            action={
              debounced ? (
                <Button variant="default" size="xs" onClick={() => setSearch('')}>
                  Clear search
                </Button>
              ) : undefined
            }
          />
        }
        sort={sort}
        onSortChange={(next) => {
          setSort(next);
          setPage(1);
        }}
        pager={{ meta: logs.data?.meta, page, onPage: setPage, limit, limits: ACTIVITY_PAGE_SIZES, onLimit: setLimit }}
        minWidth={560}
        tableProps={{ highlightOnHover: false }}
      />
    </Card>
  );
}
