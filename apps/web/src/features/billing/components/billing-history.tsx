import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Card,
  Flex,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconEye,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE, messages, PAGE_SIZES } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import { SortHeader, toggleSort } from '@/components/ui/sort-header';
import { useBillingHistory, type BillingRow, type BillingSortColumn } from '../api/get-billing-history';
import { money } from './billing-cards';

type Sort = { column: BillingSortColumn; order: 'asc' | 'desc' };
const DEFAULT_SORT: Sort = { column: 'id', order: 'desc' };
const COLUMNS = 7;

const METHOD_COLOR: Record<string, string> = { Wallet: 'teal', Card: 'blue', 'Saved Card': 'indigo', Admin: 'grape' };

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Money that came into the wallet: top-ups and refunds (credit notes). */
export const isCredit = (row: Pick<BillingRow, 'type'>) => row.type === 'add balance' || row.type === 'refund';

function Row({ row, onView }: { row: BillingRow; onView: (id: number) => void }) {
  const refund = row.type === 'refund';
  const document = refund ? 'credit note' : 'invoice';
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600}>
          {row.invoice}
        </Text>
        {refund && (
          <Badge variant="light" color="teal" c={badgeText('teal')} radius="sm" size="sm" tt="none" mt={2}>
            Refund
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500} lh={1.3}>
          {row.user}
        </Text>
        <Text size="xs" c="dimmed" lh={1.3}>
          {row.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {row.description}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={METHOD_COLOR[row.method] ?? 'gray'} c={badgeText(METHOD_COLOR[row.method] ?? 'gray')} radius="sm">
          {row.method}
        </Badge>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm" fw={600} c={isCredit(row) ? 'teal.9' : undefined}>
          {isCredit(row) ? '+' : ''}
          {money(row.amount)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDate(row.date)}</Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={`View ${document}`} withArrow>
          <ActionIcon variant="subtle" aria-label={`View ${document} ${row.invoice}`} onClick={() => onView(row.id)}>
            <IconEye size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** Billing history (access-and-billing §2): sortable, filtered by date and text, paged. */
export function BillingHistory({ onView }: { onView: (paymentId: number) => void }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);

  const history = useBillingHistory({
    page,
    limit,
    sort_column: sort.column,
    sort_order: sort.order,
    from: from || undefined,
    to: to || undefined,
    search: debouncedSearch || undefined,
  });
  const rows = history.data?.data ?? [];
  const meta = history.data?.meta;

  const onSort = (column: BillingSortColumn) => {
    setSort((s) => toggleSort(s, column));
    setPage(1);
  };
  const reset = () => {
    setFrom('');
    setTo('');
    setSearch('');
    setSort(DEFAULT_SORT);
    setPage(1);
  };

  let body = null;
  if (history.isLoading) {
    body = Array.from({ length: 3 }, (_, i) => (
      <Table.Tr key={i}>
        <Table.Td colSpan={COLUMNS}>
          <Skeleton h={28} />
        </Table.Td>
      </Table.Tr>
    ));
  } else if (rows.length > 0) {
    body = rows.map((row) => <Row key={row.id} row={row} onView={onView} />);
  }
  // Outside the table, so a narrow screen shows it without scrolling sideways.
  const failed = history.isError && !history.data;
  const empty = !history.isLoading && !failed && rows.length === 0;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Billing History
        </Title>
        <Flex
          direction={{ base: 'column', md: 'row' }}
          gap="sm"
          justify="space-between"
          align={{ base: 'stretch', md: 'flex-end' }}
        >
          <Group gap={6} align="center" wrap="nowrap">
            <Text size="sm" component="label" htmlFor="billing-page-size">
              Show
            </Text>
            <Select
              id="billing-page-size"
              aria-label="Entries per page"
              w={80}
              data={PAGE_SIZES.map(String)}
              value={String(limit)}
              allowDeselect={false}
              onChange={(value) => {
                setLimit(Number(value ?? DEFAULT_PAGE_SIZE));
                setPage(1);
              }}
            />
            <Text size="sm">entries</Text>
          </Group>
          <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" align={{ base: 'stretch', xs: 'flex-end' }}>
            <Group gap="sm" wrap="nowrap" grow>
              <TextInput
                type="date"
                label="From"
                miw={0}
                w={{ md: 160 }}
                value={from}
                max={to || undefined}
                onChange={(e) => {
                  setFrom(e.currentTarget.value);
                  setPage(1);
                }}
              />
              <TextInput
                type="date"
                label="To"
                miw={0}
                w={{ md: 160 }}
                value={to}
                min={from || undefined}
                onChange={(e) => {
                  setTo(e.currentTarget.value);
                  setPage(1);
                }}
              />
            </Group>
            <Group gap="sm" wrap="nowrap" align="flex-end">
              <TextInput
                label="Search"
                placeholder="Invoice, user or description"
                style={{ flex: 1 }}
                w={{ md: 240 }}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
              />
              <Tooltip label="Reset filters" withArrow>
                <ActionIcon variant="default" size={36} aria-label="Reset filters" onClick={reset}>
                  <IconRefresh size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Flex>
        </Flex>

        <Table.ScrollContainer minWidth={880}>
          <Table verticalSpacing="sm" highlightOnHover striped={false} style={{ opacity: history.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <SortHeader label="Invoice" column="id" sort={sort} onSort={onSort} />
                <SortHeader label="User" column="user_id" sort={sort} onSort={onSort} />
                <SortHeader label="Description" column="type" sort={sort} onSort={onSort} />
                <Table.Th>Method</Table.Th>
                <SortHeader label="Amount" column="total" sort={sort} onSort={onSort} />
                <SortHeader label="Date" column="created_at" sort={sort} onSort={onSort} />
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {failed && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {history.error.message}
          </Alert>
        )}
        {empty && (
          <Text ta="center" c="dimmed" fw={600} py="lg">
            {messages.noData}
          </Text>
        )}

        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            Showing {meta?.from ?? 0} to {meta?.to ?? 0} of {meta?.total ?? 0} entries
          </Text>
          {meta && meta.total > 0 && (
            <Pagination
              total={meta.last_page}
              value={page}
              onChange={setPage}
              siblings={1}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous' : control === 'next' ? 'Next' : control })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
            />
          )}
        </Group>
      </Stack>
    </Card>
  );
}
