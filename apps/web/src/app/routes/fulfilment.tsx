import { useMemo } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { IconClipboardList } from '@tabler/icons-react';
import { listScreenMessages } from '@copydesk/shared';
import { listState, type SortState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ResetFiltersButton } from '@/components/ui/reset-filters';
import { useAgencies } from '@/lib/agencies';
import { usePagedList } from '@/lib/use-paged-list';
import { useFulfilment, type FulfilmentSortColumn } from '@/features/content/api/get-fulfilment';
import { useFulfilmentAgents } from '@/features/content/api/get-fulfilment-agents';
import { defaultFulfilmentFilters, FulfilmentFilters, type FulfilmentFilterValues } from '@/features/content/components/fulfilment-filters';
import { FulfilmentTable } from '@/features/content/components/fulfilment-table';

const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_LIMIT = 20;
/** Most urgent first: the earliest due date at the top. */
const DEFAULT_SORT: SortState<FulfilmentSortColumn> = { column: 'due_at', order: 'asc' };

/** /fulfilment (admins): the queue of paid items — take or assign them, deliver .docx files, watch due dates. */
export function FulfilmentRoute() {
  // Typing waits for a pause; clearing the box (or Reset) lists everything at once. Another sort
  // keeps the page.
  const list = usePagedList<FulfilmentFilterValues, FulfilmentSortColumn>({
    sort: DEFAULT_SORT,
    limit: DEFAULT_LIMIT,
    filters: defaultFulfilmentFilters,
    typed: ['search'],
    sortKeepsPage: true,
  });
  const { filters, page, limit, sort } = list;

  const queue = useFulfilment({ ...list.params, status: list.applied.status, agency: list.applied.agency ? Number(list.applied.agency) : undefined });
  const agents = useFulfilmentAgents();
  const agencies = useAgencies();
  const agencyOptions = useMemo(
    () =>
      (agencies.data?.data ?? [])
        .map((a) => ({ value: String(a.id), label: a.company_name ? `${a.company_name} (${a.name})` : a.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [agencies.data],
  );

  return (
    <Stack gap="lg" maw={1400}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Fulfilment
        </Title>
        <Text c="gray.7">Take paid items, deliver the writer's .docx and keep an eye on due dates.</Text>
      </Stack>

      <FulfilmentFilters values={filters} onChange={list.setFilters} agencies={agencyOptions} onReset={list.reset} />

      <Card withBorder radius="lg" padding={0}>
        <FulfilmentTable
          rows={queue.data?.data}
          {...listState(queue)}
          errorTitle={listScreenMessages.fulfilmentFailed}
          pager={{ meta: queue.data?.meta, page, onPage: list.setPage, limit, limits: PAGE_SIZES, onLimit: list.setLimit }}
          sort={sort}
          onSortChange={list.onSortChange}
          agents={agents.data}
          empty={<EmptyState icon={IconClipboardList} message={listScreenMessages.fulfilmentNone} action={<ResetFiltersButton onReset={list.reset} />} />}
        />
      </Card>
    </Stack>
  );
}
