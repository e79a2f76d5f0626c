import { useEffect, useMemo, useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardList } from '@tabler/icons-react';
import { listScreenMessages } from '@copydesk/shared';
import { listState, type SortState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ResetFiltersButton } from '@/components/ui/reset-filters';
import { useAgencies } from '@/lib/agencies';
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
  const [filters, setFilters] = useState<FulfilmentFilterValues>(defaultFulfilmentFilters);
  const [debounced] = useDebouncedValue(filters.search.trim(), 350);
  // Typing waits for a pause; clearing the box (or Reset) lists everything at once.
  const search = filters.search.trim() ? debounced : '';
  const [sort, setSort] = useState(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_LIMIT);

  const queue = useFulfilment({
    page,
    limit,
    sort_column: sort.column,
    sort_order: sort.order,
    status: filters.status,
    agency: filters.agency ? Number(filters.agency) : undefined,
    search: search || undefined,
  });
  const agents = useFulfilmentAgents();
  const agencies = useAgencies();
  const agencyOptions = useMemo(
    () =>
      (agencies.data?.data ?? [])
        .map((a) => ({ value: String(a.id), label: a.company_name ? `${a.company_name} (${a.name})` : a.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [agencies.data],
  );

  // Back to the first page whenever what is listed changes.
  const filterKey = JSON.stringify([filters.status, filters.agency, search, limit]);
  useEffect(() => setPage(1), [filterKey]);

  const reset = () => {
    setFilters(defaultFulfilmentFilters);
    setSort(DEFAULT_SORT);
    setPage(1);
  };

  return (
    <Stack gap="lg" maw={1400}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          Fulfilment
        </Title>
        <Text c="gray.7">Take paid items, deliver the writer's .docx and keep an eye on due dates.</Text>
      </Stack>

      <FulfilmentFilters values={filters} onChange={setFilters} agencies={agencyOptions} onReset={reset} />

      <Card withBorder radius="lg" padding={0}>
        <FulfilmentTable
          rows={queue.data?.data}
          {...listState(queue)}
          errorTitle={listScreenMessages.fulfilmentFailed}
          pager={{ meta: queue.data?.meta, page, onPage: setPage, limit, limits: PAGE_SIZES, onLimit: setLimit }}
          sort={sort}
          onSortChange={setSort}
          agents={agents.data}
          empty={<EmptyState icon={IconClipboardList} message={listScreenMessages.fulfilmentNone} action={<ResetFiltersButton onReset={reset} />} />}
        />
      </Card>
    </Stack>
  );
}
