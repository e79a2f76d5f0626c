import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { FulfilmentRow } from '@copydesk/shared';
import { SortHeader, type SortState } from '@/components/ui/sort-header';
import { EmptyRow, SkeletonRows } from '@/components/ui/table-rows';
import type { FulfilmentSortColumn } from '../api/get-fulfilment';
import type { Agent } from '../api/get-fulfilment-agents';
import { AssignControls, canAssign } from './assign-controls';
import { ContentStatusBadge } from './content-status-badge';
import { DeliverDocxButton } from './deliver-docx-button';
import { DueDate } from './due-date';
import classes from './fulfilment-table.module.css';

const COLUMNS = 10;

type FulfilmentTableProps = {
  rows: FulfilmentRow[] | undefined;
  loading: boolean;
  sort: SortState<FulfilmentSortColumn>;
  onSort: (column: FulfilmentSortColumn) => void;
  agents: Agent[] | undefined;
  /** Phones get one card per item instead of a wide table, so status and actions stay in view. */
  stacked: boolean;
  /** Shown instead of rows when there are none (loaded, no error). */
  empty: ReactNode;
};

const title = (row: FulfilmentRow) => row.article_title || `Item ${row.id}`;

/** Take / Assign to… while an item waits for a writer, Upload .docx while it is in progress (the title opens the item). */
function RowActions({ row, agents, compact = false }: { row: FulfilmentRow; agents: Agent[] | undefined; compact?: boolean }) {
  const label = `item ${row.id}`;
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {canAssign(row.status) && <AssignControls id={row.id} status={row.status} agents={agents} itemLabel={label} compact={compact} />}
      {row.status === 'In Progress' && <DeliverDocxButton contentId={row.id} itemLabel={label} />}
    </Group>
  );
}

function ItemCard({ row, agents }: { row: FulfilmentRow; agents: Agent[] | undefined }) {
  return (
    <Card withBorder radius="md" padding="sm" className={classes.card} data-overdue={row.overdue || undefined} component="li" aria-label={`Item ${row.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Anchor component={Link} to={`/content-view/${row.id}`} fw={700} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            #{row.id} {title(row)}
          </Anchor>
          <ContentStatusBadge status={row.status} customer={false} style={{ flex: 'none' }} />
        </Group>
        <Text size="sm">
          {row.order_type} · {row.word_count}
        </Text>
        <Text size="sm">
          <Text span c="gray.7">
            Agency:
          </Text>{' '}
          {row.agency.name} ·{' '}
          <Text span c="gray.7">
            Writer:
          </Text>{' '}
          {row.linkagent?.name ?? 'Nobody yet'}
        </Text>
        <Group gap="xs" justify="space-between">
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="gray.7">
              Due
            </Text>
            <DueDate dueAt={row.due_at} overdue={row.overdue} />
          </Group>
          <Text size="sm" c="gray.7">
            {row.revisions_left} revisions left
          </Text>
        </Group>
        <Group justify="flex-end" mt={4}>
          <RowActions row={row} agents={agents} />
        </Group>
      </Stack>
    </Card>
  );
}

/** The fulfilment queue: one row per paid item, overdue rows marked in words and with a red edge. */
export function FulfilmentTable({ rows, loading, sort, onSort, agents, stacked, empty }: FulfilmentTableProps) {
  if (stacked) {
    if (loading && !rows) {
      return (
        <Stack gap="sm" p="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={150} radius="md" />
          ))}
        </Stack>
      );
    }
    if (!rows?.length) return <div className={classes.empty}>{empty}</div>;
    return (
      <Stack gap="sm" p="sm" component="ul" m={0} style={{ listStyle: 'none' }} aria-label="Items">
        {rows.map((row) => (
          <ItemCard key={row.id} row={row} agents={agents} />
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={980}>
      <Table verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="id" label="ID" sort={sort} onSort={onSort} />
            <Table.Th>Title</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Words</Table.Th>
            <Table.Th>Agency</Table.Th>
            <Table.Th>Writer</Table.Th>
            <SortHeader column="status" label="Status" sort={sort} onSort={onSort} />
            <SortHeader column="due_at" label="Due" sort={sort} onSort={onSort} />
            <Table.Th ta="center">Revisions left</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows ? (
            <SkeletonRows columns={COLUMNS} />
          ) : !rows?.length ? (
            <EmptyRow columns={COLUMNS}>{empty}</EmptyRow>
          ) : (
            rows.map((row) => (
              <Table.Tr key={row.id} className={classes.row} data-overdue={row.overdue || undefined} aria-label={`Item ${row.id}`}>
                <Table.Td fw={600}>#{row.id}</Table.Td>
                <Table.Td miw={130} maw={240}>
                  <Anchor component={Link} to={`/content-view/${row.id}`} size="sm" fw={600} lineClamp={2} title={title(row)}>
                    {title(row)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.order_type}</Table.Td>
                <Table.Td>{row.word_count}</Table.Td>
                <Table.Td>{row.agency.name}</Table.Td>
                <Table.Td>{row.linkagent?.name ?? <Text span size="sm" c="gray.7">Nobody yet</Text>}</Table.Td>
                <Table.Td>
                  <ContentStatusBadge status={row.status} customer={false} />
                </Table.Td>
                <Table.Td>
                  <DueDate dueAt={row.due_at} overdue={row.overdue} stacked />
                </Table.Td>
                <Table.Td ta="center">{row.revisions_left}</Table.Td>
                <Table.Td>
                  <RowActions row={row} agents={agents} compact />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
