import { ActionIcon, Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { ACTIVITY_PAGE_SIZES, listScreenMessages, messages, type ActivityLogRow } from '@copydesk/shared';
import { DataTable, listState, type DataTableColumn, type SortState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useDownload } from '@/lib/use-download';
import { usePagedList } from '@/lib/use-paged-list';
import { downloadActivityFile } from '../api/download-activity-file';
import { useActivityLogs, type ActivitySortColumn } from '../api/get-activity-logs';
import { formatDateTime } from '../lib/format';
import { Tooltip } from '@/components/ui/tooltip';

const DEFAULT_SORT: SortState<ActivitySortColumn> = { column: 'created_at', order: 'desc' };
const NO_SEARCH = { search: '' };

/**
 * The item's activity log: Description, User and Date, sortable,
 * searchable, 5 to 100 per page, and the file of an entry that has one.
 */
export function ActivityLog({ contentId }: { contentId: number }) {
  const list = usePagedList<{ search: string }, ActivitySortColumn>({ sort: DEFAULT_SORT, limit: 10, filters: NO_SEARCH, typed: ['search'], typingDelay: 300 });
  const { search } = list.filters;
  const searched = list.applied.search;
  const setSearch = (next: string) => list.setFilters({ search: next });
  const logs = useActivityLogs(contentId, list.params);
  const download = useDownload();

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
            message={searched ? listScreenMessages.activitySearched : listScreenMessages.activityNone}
            action={
              searched ? (
                <Button variant="default" size="xs" onClick={() => setSearch('')}>
                  Clear search
                </Button>
              ) : undefined
            }
          />
        }
        sort={list.sort}
        onSortChange={list.onSortChange}
        pager={{ meta: logs.data?.meta, page: list.page, onPage: list.setPage, limit: list.limit, limits: ACTIVITY_PAGE_SIZES, onLimit: list.setLimit }}
        minWidth={560}
        tableProps={{ highlightOnHover: false }}
      />
    </Card>
  );
}
