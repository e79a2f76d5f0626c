import { useState } from 'react';
import { Button, Card, Code, Text } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Code.css';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { developersScreenMessages as m, messages, type ApiKey } from '@copydesk/shared';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { notify } from '@/lib/notify';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { formatDateTime } from '../lib/format';
import { ConfirmModal } from './confirm-modal';
import { CreateKeyModal } from './create-key-modal';
import { SectionHeader } from './section-header';

function columns(onRevoke: (key: ApiKey) => void): DataTableColumn<ApiKey>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      card: 'title',
      cell: (key) => (
        <Text fw={600} size="sm">
          {key.name}
        </Text>
      ),
    },
    { key: 'prefix', header: 'Key', cell: (key) => <Code>{`${key.prefix}…`}</Code> },
    { key: 'created', header: 'Created', cell: (key) => formatDateTime(key.created_at) },
    { key: 'used', header: 'Last used', cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at) : m.neverUsed) },
    {
      key: 'actions',
      header: 'Actions',
      card: 'actions',
      align: 'right',
      cell: (key) => (
        <Button
          size="xs"
          variant="outline"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={`${m.revoke} ${key.name}`}
          onClick={() => onRevoke(key)}
        >
          {m.revoke}
        </Button>
      ),
    },
  ];
}

/** API keys: the list (name, prefix, created, last used), Create (the key shown once) and Revoke after a confirmation. */
export function ApiKeysSection({ origin }: { origin: string }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!toRevoke) return;
    revoke.mutate(toRevoke.id, {
      onSuccess: (res) => notify.success(res.message || messages.success),
      // A failure is the central toast.
      onSettled: () => setToRevoke(null),
    });
  };

  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="developers-keys">
      <SectionHeader
        id="developers-keys"
        title={m.keysTitle}
        intro={m.keysIntro}
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
            {m.createKey}
          </Button>
        }
      />
      <DataTable
        label={m.keysLabel}
        columns={columns(setToRevoke)}
        rows={keys.data?.data}
        rowKey={(key) => key.id}
        rowLabel={(key) => `API key ${key.name}`}
        loading={keys.isPending}
        error={keys.data === undefined ? keys.error : null}
        errorTitle={m.keysFailed}
        onRetry={() => void keys.refetch()}
        retrying={keys.isFetching}
        empty={<EmptyState icon={IconKey} title={messages.noData} message={m.keysNone} />}
        minWidth={640}
      />
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} origin={origin} />
      <ConfirmModal
        opened={toRevoke !== null}
        title={m.revokeKeyTitle(toRevoke?.name ?? '')}
        confirmLabel={m.revoke}
        busy={revoke.isPending}
        onCancel={() => setToRevoke(null)}
        onConfirm={confirmRevoke}
      >
        {m.revokeKeyBody}
      </ConfirmModal>
    </Card>
  );
}
