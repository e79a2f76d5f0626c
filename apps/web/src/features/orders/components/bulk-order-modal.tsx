import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, List, Modal, Progress, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Skeleton.css';
import { Select } from '@/components/ui/select';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { bulkMessages, messages, type BulkPreviewResponse } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import { saveBlob } from '@/lib/download';
import { notify } from '@/lib/notify';
import { errorMessages, reportServerError } from '@/lib/server-errors';
import { getBulkSample } from '../api/get-bulk-sample';
import { usePreviewBulkOrder } from '../api/preview-bulk-order';
import { useUploadBulkOrder } from '../api/upload-bulk-order';
import { BulkPreview } from './bulk-preview';

const BulkDropzone = lazy(() => import('./bulk-dropzone'));

type BulkOrderModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The order types a sheet can be for. */
  orderTypes: readonly string[];
  /** The confirmed sheet made an order: go and pay it. */
  onOrdered: (orderId: number) => void;
};

/** A sheet the server has previewed: what it said, and the file and type to import on confirmation. */
type Previewed = { result: BulkPreviewResponse; file: File; orderType: string };

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

/** The file's way to the server, then what the server is doing with it. */
function UploadProgress({ percent, done }: { percent: number; done: string }) {
  return (
    <Stack gap={4}>
      <Progress value={percent} animated aria-label="Upload progress" />
      <Text size="xs" c="dimmed">
        {percent < 100 ? `Uploading… ${percent}%` : done}
      </Text>
    </Stack>
  );
}

/** Why the server refused a sheet (or its import), beside the upload rather than in a toast. */
function Refusal({ error }: { error: unknown }) {
  const lines = errorMessages(error);
  return (
    <Alert color="red" c={badgeText('red')} icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" p="sm">
      {lines.length === 1 ? (
        <Text size="sm">{lines[0]}</Text>
      ) : (
        <List size="sm" spacing={2}>
          {lines.map((line, i) => (
            <List.Item key={i}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * 'Ordering in bulk': choose the type, download its sample sheet, upload it filled in, check the
 * preview of every row and the total, then place the order or upload a corrected sheet
 * (docs/decisions/0020-spreadsheets-in-worker-processes.md, docs/decisions/0039-bulk-order-preview.md).
 */
export function BulkOrderModal({ opened, onClose, orderTypes, onOrdered }: BulkOrderModalProps) {
  const [orderType, setOrderType] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const check = usePreviewBulkOrder(setProgress);
  const place = useUploadBulkOrder(setProgress);
  const openChooser = useRef<() => void>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const busy = check.isPending || place.isPending;

  // The preview takes the focus when it appears, so that a keyboard or a screen reader is at the rows,
  // and comes to the top of the dialog, so that the eye is too (the steps above stay a scroll away).
  useEffect(() => {
    const heading = previewHeading.current;
    if (!previewed || !heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView?.({ block: 'start' });
  }, [previewed]);

  const reset = () => {
    setPreviewed(null);
    setProgress(0);
    check.reset();
    place.reset();
  };

  const close = () => {
    if (busy) return;
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
    check.mutate({ file, orderType }, { onSuccess: (result) => setPreviewed({ result, file, orderType }) });
  };

  const confirm = () => {
    if (!previewed) return;
    setProgress(0);
    place.mutate(
      { file: previewed.file, orderType: previewed.orderType },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          onOrdered(res.order.id);
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
              <BulkDropzone onFile={send} openRef={openChooser} onReject={rejected} loading={check.isPending} disabled={busy} />
            </Suspense>
          )}
          {check.isPending && <UploadProgress percent={progress} done={bulkMessages.previewLoading} />}
          {check.isError && <Refusal error={check.error} />}
        </StepBlock>

        {previewed && (
          <StepBlock n={4} title="Check and place the order">
            <BulkPreview
              ref={previewHeading}
              preview={previewed.result}
              fileName={previewed.file.name}
              placing={place.isPending}
              onConfirm={confirm}
              onUploadAgain={() => openChooser.current?.()}
            />
            {place.isPending && <UploadProgress percent={progress} done={bulkMessages.placing} />}
            {place.isError && <Refusal error={place.error} />}
          </StepBlock>
        )}
      </Stack>
    </Modal>
  );
}
