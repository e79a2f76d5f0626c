import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Button, Group, List, Modal, Progress, ScrollArea, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import { Select } from '@/components/ui/select';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { bulkMessages, messages, type BulkOrderResponse } from '@copydesk/shared';
import { saveBlob } from '@/lib/download';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { getBulkSample } from '../api/get-bulk-sample';
import { useUploadBulkOrder } from '../api/upload-bulk-order';

const BulkDropzone = lazy(() => import('./bulk-dropzone'));

type BulkOrderModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The order types a sheet can be for. */
  orderTypes: readonly string[];
  /** The upload made an order: go and pay it. */
  onOrdered: (orderId: number) => void;
};

function StepBlock({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon radius="xl" size={30} aria-hidden>
        <Text fw={700} fz="sm">
          {n}
        </Text>
      </ThemeIcon>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700}>{title}</Text>
        {children}
      </Stack>
    </Group>
  );
}

/** 'Ordering in bulk': choose the type, download its sample sheet, upload it filled in (docs/decisions/0020-spreadsheets-in-worker-processes.md). */
export function BulkOrderModal({ opened, onClose, orderTypes, onOrdered }: BulkOrderModalProps) {
  const [orderType, setOrderType] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<BulkOrderResponse | null>(null);
  const upload = useUploadBulkOrder(setProgress);

  const reset = () => {
    setResult(null);
    setProgress(0);
    upload.reset();
  };

  const close = () => {
    if (upload.isPending) return;
    reset();
    onClose();
  };

  const download = async () => {
    if (!orderType) return notify.info(messages.selectOrderTypeFirst);
    setDownloading(true);
    try {
      const { blob, filename } = await getBulkSample(orderType);
      saveBlob(blob, filename);
    } catch (error) {
      reportServerError(error);
    } finally {
      setDownloading(false);
    }
  };

  const send = (file: File) => {
    if (!orderType) return notify.info(messages.selectOrderTypeFirst);
    reset();
    upload.mutate(
      { file, orderType },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          if (res.rejected.length === 0) onOrdered(res.order.id);
          else setResult(res);
        },
      },
    );
  };

  const rejected = (code: string) => notify.info(code === 'file-too-large' ? bulkMessages.tooLarge : messages.onlyXlsx);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text component="span" fw={700} fz="lg">
          Ordering in bulk
        </Text>
      }
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close bulk ordering' }}
    >
      <Stack gap="lg">
        <StepBlock n={1} title="Choose the order type">
          <Select
            label="Order type of the sheet"
            placeholder="Select"
            data={[...orderTypes]}
            value={orderType}
            onChange={(value) => {
              setOrderType(value);
              reset();
            }}
            comboboxProps={{ withinPortal: true }}
          />
        </StepBlock>

        <StepBlock n={2} title="Download its sample">
          <Text size="sm" c="dimmed">
            Fill in one row per item below the marked example row, which is never imported. The second sheet lists the values each column accepts.
          </Text>
          <Group>
            <Button variant="light" leftSection={<IconDownload size={18} aria-hidden />} onClick={download} loading={downloading}>
              Download Sample
            </Button>
          </Group>
        </StepBlock>

        <StepBlock n={3} title="Upload the filled sheet">
          {opened && (
            <Suspense fallback={<Skeleton height={128} radius="md" />}>
              <BulkDropzone onFile={send} onReject={rejected} loading={upload.isPending} disabled={upload.isPending} />
            </Suspense>
          )}
          {upload.isPending && (
            <Stack gap={4}>
              <Progress value={progress} animated aria-label="Upload progress" />
              <Text size="xs" c="dimmed">
                {progress < 100 ? `Uploading… ${progress}%` : 'Reading the sheet…'}
              </Text>
            </Stack>
          )}
        </StepBlock>

        {result && (
          <Alert
            color="yellow"
            icon={<IconInfoCircle size={18} aria-hidden />}
            title={`${result.rejected.length} ${result.rejected.length === 1 ? 'row was' : 'rows were'} skipped`}
          >
            <ScrollArea.Autosize mah={200} type="auto">
              <List size="sm" spacing={4} aria-label="Skipped rows">
                {result.rejected.map((row) => (
                  <List.Item key={row.row}>
                    <b>Row {row.row}:</b> {row.reasons.join(' ')}
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
            <Group mt="md">
              <Button onClick={() => onOrdered(result.order.id)}>Continue to payment</Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
