import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh, IconSend, IconHistory } from '@tabler/icons-react';
import { developersScreenMessages as m, messages, PAGE_SIZES, type Webhook, type WebhookDelivery } from '@copydesk/shared';
import { DataTable, listState, PHONE_QUERY, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { notify } from '@/lib/notify';
import { useDeliveries, useRetryDelivery } from '../api/webhooks';
import { formatDateTime } from '../lib/format';
import { DeliveryStatusBadge } from './delivery-status-badge';

const DEFAULT_LIMIT = 10;

const dash = (value: string | number | null) => (value === null ? '—' : value);

function columns(onRetry: (delivery: WebhookDelivery) => void, retrying: number | null): DataTableColumn<WebhookDelivery>[] {
  return [
    {
      key: 'event',
      header: 'Event',
      card: 'title',
      cell: (d) => (
        <Text size="sm" ff="monospace">
          {d.event}
        </Text>
      ),
    },
    { key: 'status', header: 'Status', card: 'aside', cell: (d) => <DeliveryStatusBadge status={d.status} /> },
    { key: 'attempts', header: 'Attempts', align: 'right', cell: (d) => d.attempts },
    { key: 'code', header: 'Last status code', align: 'right', cell: (d) => dash(d.last_status_code) },
    {
      key: 'error',
      header: 'Last error',
      cell: (d) => (
        <Text size="sm" lineClamp={2} title={d.last_error ?? undefined} style={{ overflowWrap: 'anywhere' }}>
          {dash(d.last_error)}
        </Text>
      ),
    },
    { key: 'next', header: 'Next attempt', cell: (d) => (d.next_attempt_at ? formatDateTime(d.next_attempt_at) : '—') },
    { key: 'created', header: 'Created', cell: (d) => formatDateTime(d.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      card: 'actions',
      align: 'right',
      cell: (d) => (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconSend size={14} aria-hidden />}
          aria-label={`${m.retryDelivery} delivery ${d.id} (${d.event})`}
          loading={retrying === d.id}
          onClick={() => onRetry(d)}
        >
          {m.retryDelivery}
        </Button>
      ),
    },
  ];
}

/** One webhook's delivery log, newest first and paged, with Refresh and a Retry per delivery. */
function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(DEFAULT_LIMIT);
  const deliveries = useDeliveries(webhook.id, { page, limit });
  const retry = useRetryDelivery();
  const [retrying, setRetrying] = useState<number | null>(null);

  const onRetry = (delivery: WebhookDelivery) => {
    setRetrying(delivery.id);
    retry.mutate(
      { webhookId: webhook.id, deliveryId: delivery.id },
      { onSuccess: (res) => notify.success(res.message || messages.success), onSettled: () => setRetrying(null) },
    );
  };

  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={() => void deliveries.refetch()}
          loading={deliveries.isFetching && !deliveries.isPending}
        >
          {m.refresh}
        </Button>
      </Group>
      <DataTable
        label={m.deliveriesLabel}
        columns={columns(onRetry, retrying)}
        rows={deliveries.data?.data}
        rowKey={(d) => d.id}
        rowLabel={(d) => `Delivery ${d.id}`}
        {...listState(deliveries)}
        errorTitle={m.deliveriesFailed}
        empty={<EmptyState icon={IconHistory} title={messages.noData} message={m.deliveriesNone} />}
        pager={{
          meta: deliveries.data?.meta,
          page,
          onPage: setPage,
          limit,
          limits: PAGE_SIZES,
          onLimit: (next) => {
            setLimit(next);
            setPage(1);
          },
        }}
        minWidth={860}
      />
    </>
  );
}

/** The delivery log of `webhook` (null: closed), full screen on a phone. */
export function DeliveriesModal({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const phone = useMediaQuery(PHONE_QUERY);
  return (
    <Modal
      opened={webhook !== null}
      onClose={onClose}
      size="80rem"
      fullScreen={phone}
      title={
        <Text component="span" fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {webhook ? m.deliveriesTitle(webhook.url) : m.deliveryLog}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {webhook && <DeliveryLog webhook={webhook} />}
    </Modal>
  );
}
