import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { IconClipboardList } from '@tabler/icons-react';
import { FULFILMENT_STATUS_FILTERS, listScreenMessages, type FulfilmentStatusFilter } from '@copydesk/shared';
import { listState, type SortState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ResetFiltersButton } from '@/components/ui/reset-filters';
import { useAgencies } from '@/lib/agencies';
import { usePagedList } from '@/lib/use-paged-list';
import { useFulfilment, type FulfilmentSortColumn } from '@/features/content/api/get-fulfilment';
import { useFulfilmentAgents } from '@/features/content/api/get-fulfilment-agents';
import { FulfilmentFilters, type FulfilmentFilterValues } from '@/features/content/components/fulfilment-filters';
import { FulfilmentTable } from '@/features/content/components/fulfilment-table';

const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_LIMIT = 20;
/** Most urgent first: the earliest due date at the top. */
const DEFAULT_SORT: SortState<FulfilmentSortColumn> = { column: 'due_at', order: 'asc' };

const statusFrom = (value: string | null): FulfilmentStatusFilter =>
  (FULFILMENT_STATUS_FILTERS as readonly string[]).includes(value ?? '') ? (value as FulfilmentStatusFilter) : 'open';
const agencyFrom = (value: string | null) => (value && /^\d{1,10}$/.test(value) ? value : null);

/**
 * /fulfilment (admins): the queue of paid items — take or assign them, deliver .docx files, watch due
 * dates. The status and agency filters live in the address (`?status=overdue`, `?status=Unassigned`,
 * `&agency=31`), so the dashboard's cards and links open the queue filtered, and back and reload keep
 * the filter; `?search=` fills the search box once, when the queue opens.
 */
export function FulfilmentRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = statusFrom(searchParams.get('status'));
  const agency = agencyFrom(searchParams.get('agency'));
  // Typing waits for a pause; clearing the box (or Reset) lists everything at once. Another sort
  // keeps the page; another status or agency goes back to the first.
  const list = usePagedList<{ search: string }, FulfilmentSortColumn>({
    sort: DEFAULT_SORT,
    limit: DEFAULT_LIMIT,
    filters: { search: '' },
    initialFilters: { search: (searchParams.get('search') ?? '').slice(0, 100) },
    typed: ['search'],
    sortKeepsPage: true,
    listing: [status, agency],
  });
  const { page, limit, sort } = list;
  const filters: FulfilmentFilterValues = { status, agency, search: list.filters.search };

  const setFilters = (next: FulfilmentFilterValues) => {
    if (next.search !== filters.search) list.setFilters({ search: next.search });
    if (next.status === status && next.agency === agency) return;
    setSearchParams(
      (params) => {
        if (next.status === 'open') params.delete('status');
        else params.set('status', next.status);
        if (next.agency) params.set('agency', next.agency);
        else params.delete('agency');
        params.delete('search');
        return params;
      },
      { replace: true },
    );
  };
  const reset = () => {
    list.reset();
    setSearchParams({}, { replace: true });
  };

  const queue = useFulfilment({ ...list.params, status, agency: agency ? Number(agency) : undefined });
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

      <FulfilmentFilters values={filters} onChange={setFilters} agencies={agencyOptions} onReset={reset} />

      <Card withBorder radius="lg" padding={0}>
        <FulfilmentTable
          rows={queue.data?.data}
          {...listState(queue)}
          errorTitle={listScreenMessages.fulfilmentFailed}
          pager={{ meta: queue.data?.meta, page, onPage: list.setPage, limit, limits: PAGE_SIZES, onLimit: list.setLimit }}
          sort={sort}
          onSortChange={list.onSortChange}
          agents={agents.data}
          empty={<EmptyState icon={IconClipboardList} message={listScreenMessages.fulfilmentNone} action={<ResetFiltersButton onReset={reset} />} />}
        />
      </Card>
    </Stack>
  );
}
