import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { dollarsToCents, formatMoney, messages, type ContentItem } from '@copydesk/shared';
import { ItemStatusBadge } from './order-status-badge';
import classes from './orders-table.module.css';

type OrderItemsTableProps = {
  items: ContentItem[];
  isAdmin: boolean;
  onOpen: (item: ContentItem) => void;
  onEdit: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
};

/** The items of one order: a row opens the item; admins edit (not Approved) and delete. */
export function OrderItemsTable({ items, isAdmin, onOpen, onEdit, onDelete }: OrderItemsTableProps) {
  const columns = isAdmin ? 8 : 7;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Project Name</Table.Th>
            <Table.Th>Order Type</Table.Th>
            <Table.Th>Word Count</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            {isAdmin && <Table.Th ta="right">Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text ta="center" c="dimmed" fw={600} py="xl">
                  {messages.noData}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            items.map((item) => (
              <Table.Tr
                key={item.id}
                className={classes.row}
                tabIndex={0}
                aria-label={`Item ${item.id}`}
                onClick={() => onOpen(item)}
                onKeyDown={(e) => {
                  if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
                    e.preventDefault();
                    onOpen(item);
                  }
                }}
              >
                <Table.Td fw={600}>#{item.id}</Table.Td>
                <Table.Td maw={280}>
                  <Text size="sm" truncate>
                    {item.title ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>{item.project_name ?? '—'}</Table.Td>
                <Table.Td>{item.order_type}</Table.Td>
                <Table.Td>{item.word_count}</Table.Td>
                <Table.Td>
                  <ItemStatusBadge status={item.status} customer={!isAdmin} />
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(dollarsToCents(item.cost) ?? 0)}
                </Table.Td>
                {isAdmin && (
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {item.status !== 'Approved' && (
                        <Tooltip label="Edit item">
                          <ActionIcon variant="subtle" onClick={() => onEdit(item)} aria-label={`Edit item ${item.id}`}>
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {/* Approved work is kept: the server refuses to delete it (409). */}
                      {item.status !== 'Approved' && (
                        <Tooltip label="Delete item">
                          <ActionIcon variant="subtle" color="red" onClick={() => onDelete(item)} aria-label={`Delete item ${item.id}`}>
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
