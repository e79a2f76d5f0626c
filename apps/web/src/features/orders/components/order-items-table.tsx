import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronRight, IconPencil, IconTrash } from '@tabler/icons-react';
import { formatDollars, listScreenMessages, messages, type ContentItem } from '@copydesk/shared';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { ItemStatusBadge } from './order-status-badge';
import classes from './order-items-table.module.css';
import { Tooltip } from '@/components/ui/tooltip';

type OrderItemsTableProps = {
  /** Undefined while the order loads. */
  items: ContentItem[] | undefined;
  isAdmin: boolean;
  /** A customer who deletes the items of its unpaid orders (`orders.deleteUnpaid`). */
  deletesUnpaid?: boolean;
  /** Where a row goes: the item's content view. */
  itemHref: (item: ContentItem) => string;
  onEdit: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
};

function ItemActions({
  item,
  onEdit,
  onDelete,
  deletable,
  editable,
}: { item: ContentItem; deletable: boolean; editable: boolean } & Pick<OrderItemsTableProps, 'onEdit' | 'onDelete'>) {
  // Approved work is kept: it is not edited, and the server refuses to delete it (409).
  if (item.status === 'Approved') return null;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap" className={classes.actions}>
      {editable && (
        <Tooltip label="Edit item">
          <ActionIcon variant="subtle" size="lg" onClick={() => onEdit(item)} aria-label={`Edit item ${item.id}`}>
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {deletable && (
        <Tooltip label="Delete item">
          <ActionIcon variant="subtle" color="red" size="lg" onClick={() => onDelete(item)} aria-label={`Delete item ${item.id}`}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The row's one link, named for screen readers by the item's number and title. */
function ItemLink({ item, href, children }: { item: ContentItem; href: string; children: ReactNode }) {
  return (
    <Link to={href} className={classes.link} aria-label={`Item ${item.id}: ${item.title ?? 'untitled'}`}>
      {children}
    </Link>
  );
}

/**
 * The items of one order: each row is one link to its item, with a chevron (docs/decisions/0040-review-screen.md);
 * admins edit (not Approved) and delete, customers delete unpaid ones; cards on a phone.
 */
export function OrderItemsTable({ items, isAdmin, deletesUnpaid = false, itemHref, onEdit, onDelete }: OrderItemsTableProps) {
  const columns: DataTableColumn<ContentItem>[] = [
    { key: 'id', header: 'ID', cell: (item) => `#${item.id}`, card: 'hidden', tdProps: { fw: 600 } },
    {
      key: 'title',
      header: 'Title',
      cell: (item) => (
        <Text size="sm" truncate>
          <ItemLink item={item} href={itemHref(item)}>
            {item.title ?? '—'}
          </ItemLink>
        </Text>
      ),
      cardCell: (item) => (
        <Group gap={4} wrap="nowrap" justify="space-between">
          <ItemLink item={item} href={itemHref(item)}>
            {`#${item.id} ${item.title ?? ''}`.trim()}
          </ItemLink>
          <IconChevronRight size={18} aria-hidden className={classes.chevron} style={{ flex: 'none' }} />
        </Group>
      ),
      card: 'title',
      tdProps: { maw: 280 },
    },
    { key: 'project', header: 'Project Name', cell: (item) => item.project_name ?? '—' },
    { key: 'type', header: 'Order Type', cell: (item) => item.order_type },
    { key: 'words', header: 'Word Count', cell: (item) => item.word_count, tdProps: { style: { whiteSpace: 'nowrap' } } },
    { key: 'status', header: 'Status', cell: (item) => <ItemStatusBadge status={item.status} customer={!isAdmin} />, card: 'aside' },
    { key: 'price', header: 'Price', align: 'right', cell: (item) => formatDollars(item.cost), tdProps: { fw: 600 } },
    {
      key: 'open',
      header: 'Open',
      align: 'right',
      card: 'hidden',
      pinned: false,
      cell: () => <IconChevronRight size={18} aria-hidden className={classes.chevron} />,
      tdProps: { w: 48 },
    },
  ];
  // Never the last item: the server refuses it (409), the order is deleted instead. A customer
  // deletes the items of its unpaid orders only (docs/decisions/0034-customers-delete-unpaid-orders.md).
  const several = (items?.length ?? 0) > 1;
  const customerDeletes = !isAdmin && deletesUnpaid && several && !!items?.some((item) => item.status === 'Unpaid');
  if (isAdmin || customerDeletes) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      card: 'actions',
      cell: (item) => (
        <ItemActions item={item} onEdit={onEdit} onDelete={onDelete} editable={isAdmin} deletable={several && (isAdmin || item.status === 'Unpaid')} />
      ),
    });
  }
  return (
    <DataTable
      label="Items"
      columns={columns}
      rows={items}
      rowKey={(item) => item.id}
      rowLabel={(item) => `Item ${item.id}`}
      rowProps={() => ({ className: classes.row })}
      loading={!items}
      empty={<EmptyState title={messages.noData} message={listScreenMessages.orderItemsNone} />}
      minWidth={760}
    />
  );
}
