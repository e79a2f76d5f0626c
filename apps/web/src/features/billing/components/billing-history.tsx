import { ActionIcon, Badge, Button, Card, Flex, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { IconEye, IconReceipt, IconRefresh, IconSearch } from '@tabler/icons-react';
import { billingHistoryMessages, formatDollars, listScreenMessages, messages, PAGE_SIZES } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import { Breakable } from '@/components/ui/breakable';
import { DataTable, listState, type DataTableColumn, type SortState } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ResetFiltersButton } from '@/components/ui/reset-filters';
import { usePagedList } from '@/lib/use-paged-list';
import { useBillingHistory, type BillingRow, type BillingSortColumn } from '../api/get-billing-history';
import { Tooltip } from '@/components/ui/tooltip';

type Sort = SortState<BillingSortColumn>;
const DEFAULT_SORT: Sort = { column: 'id', order: 'desc' };
type Filters = { from: string; to: string; search: string };
const NO_FILTERS: Filters = { from: '', to: '', search: '' };

const METHOD_COLOR: Record<string, string> = { Wallet: 'teal', Card: 'blue', 'Saved Card': 'indigo', Admin: 'grape', Offer: 'orange' };

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Money that came into the wallet: top-ups, admin and offer credits, refunds (credit notes). */
export const isCredit = (row: Pick<BillingRow, 'type'>) => row.type !== 'order payment';

const documentOf = (row: BillingRow) => (row.type === 'refund' ? 'credit note' : 'invoice');

/** The badge of each kind of row but a plain order payment, whose invoice says enough. */
const TYPE_COLOR: Partial<Record<BillingRow['type'], string>> = { refund: 'teal', 'admin credit': 'grape', 'offer credit': 'orange', 'add balance': 'blue' };

/** What the row is, for its title and screen readers: "Invoice CD-…", "Credit note CN-…", "Offer credit". */
const rowLabel = (row: BillingRow) =>
  row.invoice === null ? billingHistoryMessages.types[row.type] : `${row.type === 'refund' ? 'Credit note' : 'Invoice'} ${row.invoice}`;

function Invoice({ row }: { row: BillingRow }) {
  const color = TYPE_COLOR[row.type];
  return (
    <>
      <Text size="sm" fw={600} span c={row.invoice === null ? 'gray.7' : undefined}>
        {row.invoice ?? billingHistoryMessages.noDocument}
      </Text>
      {color && (
        <Badge variant="light" color={color} c={badgeText(color)} radius="sm" size="sm" tt="none" ml={6} style={{ verticalAlign: 'middle' }}>
          {billingHistoryMessages.types[row.type]}
        </Badge>
      )}
    </>
  );
}

/**
 * What the row cost or brought, and under it the wallet's balance it left, or that it left the
 * wallet as it was (a card payment): read down the page, the balances follow the amounts.
 */
function Amount({ row }: { row: BillingRow }) {
  return (
    <>
      <Text size="sm" fw={600} c={isCredit(row) ? 'teal.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {isCredit(row) ? '+' : ''}
        {formatDollars(row.amount)}
      </Text>
      <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {row.balance_after === null ? billingHistoryMessages.walletUntouched : billingHistoryMessages.balanceAfter(formatDollars(row.balance_after))}
      </Text>
    </>
  );
}

function billingColumns(onView: (id: number) => void): DataTableColumn<BillingRow, BillingSortColumn>[] {
  return [
    { key: 'invoice', header: 'Invoice', sort: 'id', cell: (row) => <Invoice row={row} />, card: 'title', tdProps: { style: { whiteSpace: 'nowrap' } } },
    {
      key: 'user',
      header: 'User',
      sort: 'user_id',
      cell: (row) => (
        <>
          <Text size="sm" fw={500} lh={1.3}>
            {row.user}
          </Text>
          <Text size="xs" c="gray.7" lh={1.3}>
            <Breakable text={row.email} />
          </Text>
        </>
      ),
    },
    {
      key: 'description',
      header: 'Description',
      sort: 'type',
      cell: (row) => (
        <Text size="sm" lineClamp={2}>
          {row.description}
        </Text>
      ),
    },
    {
      key: 'method',
      header: 'Method',
      cell: (row) => (
        <Badge variant="light" color={METHOD_COLOR[row.method] ?? 'gray'} c={badgeText(METHOD_COLOR[row.method] ?? 'gray')} radius="sm">
          {row.method}
        </Badge>
      ),
      // A badge shrinks to an ellipsis in a squeezed table: the method keeps its whole word.
      tdProps: { style: { minWidth: 124 } },
    },
    { key: 'amount', header: 'Amount', sort: 'total', cell: (row) => <Amount row={row} />, card: 'aside' },
    { key: 'date', header: 'Date', sort: 'created_at', cell: (row) => formatDate(row.date), tdProps: { style: { whiteSpace: 'nowrap' } } },
    {
      key: 'action',
      header: 'Action',
      card: 'actions',
      // The offer credit has no document to view.
      cell: (row) =>
        row.id === null ? null : (
          <Tooltip label={`View ${documentOf(row)}`} withArrow>
            <ActionIcon variant="subtle" size="lg" aria-label={`View ${documentOf(row)} ${row.invoice}`} onClick={() => onView(row.id!)}>
              <IconEye size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ),
      cardCell: (row) =>
        row.id === null ? null : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} aria-hidden />}
            aria-label={`View ${documentOf(row)} ${row.invoice}`}
            onClick={() => onView(row.id!)}
          >
            View {documentOf(row)}
          </Button>
        ),
    },
  ];
}

/** Billing history: every movement of the wallet and every payment; sortable, filtered by date and text, paged. */
export function BillingHistory({ onView }: { onView: (paymentId: number) => void }) {
  const list = usePagedList<Filters, BillingSortColumn>({ sort: DEFAULT_SORT, filters: NO_FILTERS, typed: ['search'], typingDelay: 300 });
  const { from, to, search } = list.filters;
  const set = (patch: Partial<Filters>) => list.setFilters({ ...list.filters, ...patch });

  const history = useBillingHistory(list.params);
  const reset = list.reset;
  const filtered = !!(from || to || search.trim());

  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack gap="md" p="lg" pb="sm">
        <Title order={2} fz="lg">
          Billing History
        </Title>
        <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" align={{ base: 'stretch', xs: 'flex-end' }}>
          <Group gap="sm" wrap="nowrap" grow>
            <TextInput
              type="date"
              label="From"
              miw={0}
              w={{ md: 160 }}
              value={from}
              max={to || undefined}
              onChange={(e) => set({ from: e.currentTarget.value })}
            />
            <TextInput type="date" label="To" miw={0} w={{ md: 160 }} value={to} min={from || undefined} onChange={(e) => set({ to: e.currentTarget.value })} />
          </Group>
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <TextInput
              label="Search"
              placeholder="Invoice, user or description"
              style={{ flex: 1 }}
              w={{ md: 240 }}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => set({ search: e.currentTarget.value })}
            />
            <Tooltip label="Reset filters" withArrow>
              <ActionIcon variant="default" size={36} aria-label="Reset filters" onClick={reset}>
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Flex>
      </Stack>

      <DataTable
        label="Billing history"
        columns={billingColumns(onView)}
        rows={history.data?.data}
        rowKey={(row) => row.key}
        rowLabel={rowLabel}
        {...listState(history)}
        errorTitle={listScreenMessages.billingFailed}
        empty={
          <EmptyState
            icon={IconReceipt}
            title={messages.noData}
            message={filtered ? listScreenMessages.billingFiltered : listScreenMessages.billingNone}
            action={filtered ? <ResetFiltersButton onReset={reset} /> : undefined}
          />
        }
        sort={list.sort}
        onSortChange={list.onSortChange}
        pager={{ meta: history.data?.meta, page: list.page, onPage: list.setPage, limit: list.limit, limits: PAGE_SIZES, onLimit: list.setLimit }}
        minWidth={880}
      />
    </Card>
  );
}
