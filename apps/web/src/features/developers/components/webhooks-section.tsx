import { useState } from 'react';
import { Badge, Button, Card, Group, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import { IconHistory, IconPlus, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import { developersScreenMessages as m, messages, type Webhook } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { notify } from '@/lib/notify';
import { useDeleteWebhook, useSendTestEvent, useWebhooks } from '../api/webhooks';
import { formatDateTime } from '../lib/format';
import { ConfirmModal } from './confirm-modal';
import { DeliveriesModal } from './deliveries-modal';
import { SectionHeader } from './section-header';
import { WebhookFormModal } from './webhook-form-modal';
import { Tooltip } from '@/components/ui/tooltip';

function Events({ events }: { events: readonly string[] }) {
  if (events.includes('*')) return <Text size="sm">{m.allEvents}</Text>;
  return (
    <Group gap={4}>
      {events.map((event) => (
        <Badge key={event} variant="outline" color="gray" c="gray.8" radius="sm" tt="none" ff="monospace" fw={500}>
          {event}
        </Badge>
      ))}
    </Group>
  );
}

function DisabledBadge({ webhook }: { webhook: Webhook }) {
  if (!webhook.disabled_at) return null;
  return (
    <Tooltip label={m.disabledHint} multiline w={280} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge color="red" c={badgeText('red')} variant="light" radius="sm" tt="none" miw="max-content" tabIndex={0}>
        {m.disabled}
      </Badge>
    </Tooltip>
  );
}

type Actions = { onTest: (w: Webhook) => void; onLog: (w: Webhook) => void; onRemove: (w: Webhook) => void; testing: number | null };

function columns({ onTest, onLog, onRemove, testing }: Actions): DataTableColumn<Webhook>[] {
  return [
    {
      key: 'url',
      header: 'Endpoint URL',
      card: 'title',
      cell: (w) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {w.url}
        </Text>
      ),
      tdProps: { maw: 320 },
    },
    { key: 'status', header: 'Status', card: 'aside', cell: (w) => <DisabledBadge webhook={w} /> },
    { key: 'events', header: m.events, cell: (w) => <Events events={w.events} /> },
    { key: 'created', header: 'Created', cell: (w) => formatDateTime(w.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      card: 'actions',
      align: 'right',
      cell: (w) => (
        <Group gap="xs" justify="flex-end" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSend size={14} aria-hidden />}
            aria-label={`${m.sendTest} to ${w.url}`}
            loading={testing === w.id}
            disabled={!!w.disabled_at}
            onClick={() => onTest(w)}
          >
            {m.sendTest}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconHistory size={14} aria-hidden />}
            aria-label={`${m.deliveryLog} of ${w.url}`}
            onClick={() => onLog(w)}
          >
            {m.deliveryLog}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={`${m.remove} ${w.url}`}
            onClick={() => onRemove(w)}
          >
            {m.remove}
          </Button>
        </Group>
      ),
    },
  ];
}

/** Webhooks: the list (address, events, Disabled), Add (the secret shown once), Send test event, the delivery log and Remove after a confirmation. */
export function WebhooksSection() {
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<Webhook | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const [testing, setTesting] = useState<number | null>(null);

  const onTest = (webhook: Webhook) => {
    setTesting(webhook.id);
    test.mutate(webhook.id, { onSuccess: (res) => notify.success(res.message || messages.success), onSettled: () => setTesting(null) });
  };

  const confirmRemove = () => {
    if (!toRemove) return;
    remove.mutate(toRemove.id, { onSuccess: (res) => notify.success(res.message || messages.success), onSettled: () => setToRemove(null) });
  };

  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="developers-webhooks">
      <SectionHeader
        id="developers-webhooks"
        title={m.webhooksTitle}
        intro={m.webhooksIntro}
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
            {m.addWebhook}
          </Button>
        }
      />
      <DataTable
        label={m.webhooksLabel}
        columns={columns({ onTest, onLog: setLog, onRemove: setToRemove, testing })}
        rows={webhooks.data?.data}
        rowKey={(w) => w.id}
        rowLabel={(w) => `Webhook ${w.url}`}
        loading={webhooks.isPending}
        error={webhooks.data === undefined ? webhooks.error : null}
        errorTitle={m.webhooksFailed}
        onRetry={() => void webhooks.refetch()}
        retrying={webhooks.isFetching}
        empty={<EmptyState icon={IconWebhook} title={messages.noData} message={m.webhooksNone} />}
        minWidth={900}
      />
      <WebhookFormModal opened={adding} onClose={() => setAdding(false)} />
      <DeliveriesModal webhook={log} onClose={() => setLog(null)} />
      <ConfirmModal
        opened={toRemove !== null}
        title={m.removeWebhookTitle}
        confirmLabel={m.remove}
        busy={remove.isPending}
        onCancel={() => setToRemove(null)}
        onConfirm={confirmRemove}
      >
        {m.removeWebhookBody(toRemove?.url ?? '')}
      </ConfirmModal>
    </Card>
  );
}
