import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ActionIcon, Anchor, Button, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import { IconArrowLeft, IconCreditCard, IconFileZip, IconMessage, IconPlus } from '@tabler/icons-react';
import { formatDollars, inboxScreenMessages, messages, reviewScreenMessages, roleCan, type ContentItem } from '@copydesk/shared';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useProduct } from '@/features/catalog/api/get-product';
import { useProducts } from '@/features/catalog/api/get-products';
import { useDeleteContent } from '@/features/orders/api/delete-content';
import { exportOrder } from '@/features/orders/api/export-order';
import { useOrder } from '@/features/orders/api/get-order';
import { ConfirmDeleteModal } from '@/features/orders/components/confirm-delete-modal';
import { EditItemModal } from '@/features/orders/components/edit-item-modal';
import { OrderItemsTable } from '@/features/orders/components/order-items-table';
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { useDownload } from '@/lib/use-download';

/** /items/{id}: 'Order {id}' with its items; Pay Now or Place an Order; admin edits and deletes items. */
export function OrderItemsRoute() {
  const params = useParams();
  const id = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const { role } = useSession();
  // The admin's view: item edits and deletes, no Pay Now, messages to the agency.
  const isAdmin = roleCan(role, 'orders.manage');
  const deletesUnpaid = roleCan(role, 'orders.deleteUnpaid');
  const order = useOrder(id);
  const [editing, setEditing] = useState<ContentItem | null>(null);
  const [toDelete, setToDelete] = useState<ContentItem | null>(null);
  // The type chosen in the item editor, whose tiers and add-ons it offers (the item's own at first).
  const [editType, setEditType] = useState<string | null>(null);
  const product = useProduct(editType ?? editing?.order_type ?? '');
  // An unpaid item's whole brief is editable: the catalogue's types and categories.
  const briefEditable = isAdmin && editing?.status === 'Unpaid';
  const products = useProducts();
  const categories = useCategories();
  const remove = useDeleteContent();
  const download = useDownload();
  // A failed first load (unverified email, another agency's order, a bad id) is said here, in place,
  // with Retry; a 404 (or an id that is no number) says the order is missing or not the user's.
  const missing = id === null || (order.error instanceof ApiError && order.error.status === 404);
  const failed = id === null || order.isLoadingError;

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: (res) => notify.success(res.message || messages.success),
      onSettled: () => setToDelete(null),
    });
  };

  const detail = order.data;
  return (
    <Stack gap="lg" maw={1280}>
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ActionIcon component={Link} to="/order" variant="subtle" color="gray" size="lg" aria-label="Back to orders">
            <IconArrowLeft size={22} aria-hidden />
          </ActionIcon>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            Order {params.id}
          </Title>
          {detail && <OrderStatusBadge status={detail.order.status} />}
        </Group>
        {detail && (
          <Group gap="sm">
            {/* Paid orders may have delivered files; when none are delivered yet the server says so (404). */}
            {!detail.order.unpaid && (
              <Button
                variant="default"
                leftSection={<IconFileZip size={18} aria-hidden />}
                loading={download.busy === 'export'}
                onClick={() => void download.run('export', () => exportOrder(detail.order.id))}
              >
                Export delivered files
              </Button>
            )}
            {/* A thread about this order (docs/decisions/0024-support-inbox.md): customers write to support; an admin
                writes to the order's agency (the only way an admin opens a thread). */}
            <Button component={Link} to={`/message?order_id=${detail.order.id}`} variant="default" leftSection={<IconMessage size={18} aria-hidden />}>
              {isAdmin ? inboxScreenMessages.messageAgencyAboutOrder : inboxScreenMessages.messageAboutOrder}
            </Button>
            {!isAdmin &&
              (detail.order.unpaid ? (
                <Button component={Link} to={`/payment/${detail.order.id}`} leftSection={<IconCreditCard size={18} aria-hidden />}>
                  Pay Now
                </Button>
              ) : (
                <Button component={Link} to="/create" variant="light" leftSection={<IconPlus size={18} aria-hidden />}>
                  Place an Order
                </Button>
              ))}
          </Group>
        )}
      </Group>

      {failed ? (
        <Stack gap="sm" align="flex-start">
          <ErrorState
            title={reviewScreenMessages.orderFailed}
            error={missing ? new Error(reviewScreenMessages.orderMissing) : order.error}
            onRetry={id === null ? undefined : () => void order.refetch()}
            retrying={order.isFetching}
          />
          <Anchor component={Link} to="/order" size="sm">
            {reviewScreenMessages.backToOrders}
          </Anchor>
        </Stack>
      ) : !detail ? (
        <Center mih={240}>
          <LoadingIndicator label="Loading the order" />
        </Center>
      ) : (
        <>
          <Group gap="xl">
            <Text size="sm" c="dimmed">
              Ordered by <b>{detail.order.order_by}</b> on {new Date(detail.order.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}
            </Text>
            <Text size="sm" c="dimmed">
              {detail.content.length} {detail.content.length === 1 ? 'item' : 'items'} · Total <b>{formatDollars(detail.total)}</b>
            </Text>
          </Group>
          <Card withBorder radius="lg" padding={0}>
            <OrderItemsTable
              items={detail.content}
              isAdmin={isAdmin}
              deletesUnpaid={deletesUnpaid}
              itemHref={(item) => `/content-view/${item.id}`}
              onEdit={setEditing}
              onDelete={setToDelete}
            />
          </Card>
        </>
      )}

      <EditItemModal
        item={editing}
        product={product.data}
        productNames={briefEditable ? (products.data ?? []).map((p) => p.name) : []}
        categories={briefEditable ? (categories.data ?? []) : []}
        onTypeChange={setEditType}
        onClose={() => {
          setEditing(null);
          setEditType(null);
        }}
      />
      <ConfirmDeleteModal
        opened={toDelete !== null}
        subject={`item ${toDelete?.id ?? ''}`}
        busy={remove.isPending}
        refund={toDelete && toDelete.status !== 'Unpaid' ? 'item' : undefined}
        unpaid={toDelete?.status === 'Unpaid'}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
