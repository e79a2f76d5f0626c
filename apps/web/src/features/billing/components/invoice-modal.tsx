import type { ReactNode } from 'react';
import { Divider, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useMediaQuery } from '@mantine/hooks';
import { formatDollars, listScreenMessages } from '@copydesk/shared';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ErrorState } from '@/components/ui/error-state';
import { formatPhone } from '@/lib/format-phone';
import { useBillingDetail, type BillingDetail } from '../api/get-billing-detail';
import { formatDate } from './billing-history';
import { DownloadInvoiceButton } from './download-invoice-button';

/** How a payment was made, as the invoice prints it. */
export const paymentMethodLabel = (detail: Pick<BillingDetail, 'card_last_digits' | 'method'>) =>
  detail.card_last_digits ? `Card ending in ${detail.card_last_digits}` : detail.method;

function Label({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
      {children}
    </Text>
  );
}

function TotalLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="md">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

type InvoiceLine = BillingDetail['orderBreakDown'][number];

const LINE_COLUMNS: DataTableColumn<InvoiceLine>[] = [
  { key: 'title', header: 'Title', cell: (line) => line.title || '—', card: 'title' },
  { key: 'project', header: 'Project', cell: (line) => line.project_name || '—' },
  {
    key: 'type',
    header: 'Item Type',
    // The add-on is priced in the line (the PDF itemises it on a line of its own).
    cell: (line) => (line.itemAddons ? `${line.itemType} + ${line.itemAddons} (${formatDollars(line.itemAddonPrice)})` : line.itemType),
  },
  { key: 'words', header: 'Word Count', cell: (line) => line.itemWord, tdProps: { style: { whiteSpace: 'nowrap' } } },
  { key: 'price', header: 'Price', align: 'right', cell: (line) => formatDollars(line.itemWordPrice), card: 'aside', tdProps: { fw: 600 } },
];

function InvoiceBody({ detail }: { detail: BillingDetail }) {
  const isOrder = detail.type === 'order payment';
  const isRefund = detail.type === 'refund';
  const place = [detail.city, [detail.state, detail.zipcode].filter(Boolean).join(' '), detail.country].filter(Boolean).join(', ');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
        <div>
          <Label>{isRefund ? 'Refunded To' : 'Invoice To'}</Label>
          <Text fw={600}>{detail.user}</Text>
          {detail.company && <Text size="sm">{detail.company}</Text>}
          <Text size="sm" c="dimmed">
            {detail.email}
          </Text>
          {detail.address && <Text size="sm">{detail.address}</Text>}
          {place && <Text size="sm">{place}</Text>}
          {detail.phone && <Text size="sm">{formatPhone(detail.phone)}</Text>}
        </div>
        <div>
          <Label>{isRefund ? 'Credit Note' : 'Invoice'}</Label>
          <Text fw={600}>{detail.invoice}</Text>
          <Text size="sm">Date: {formatDate(detail.date)}</Text>
          <Text size="sm">Payment method: {paymentMethodLabel(detail)}</Text>
        </div>
      </SimpleGrid>

      {isOrder ? (
        <div>
          <Text fw={700}>Order Summary</Text>
          <Text size="sm" c="dimmed" mb="xs">
            Order Payment{detail.order_id ? ` · Order #${detail.order_id}` : ''}
          </Text>
          {/* Lines have no id: their place in the order is their key. */}
          <DataTable
            label="Order lines"
            columns={LINE_COLUMNS}
            rows={detail.orderBreakDown}
            rowKey={(line) => detail.orderBreakDown.indexOf(line)}
            minWidth={520}
            tableProps={{ withTableBorder: true, verticalSpacing: 'xs', fz: 'sm', highlightOnHover: false }}
          />
        </div>
      ) : (
        <div>
          <Text fw={700}>Description:</Text>
          <Text size="sm">{detail.description}</Text>
        </div>
      )}

      <Divider />
      <Stack gap={6} maw={360} ml="auto" w="100%">
        {detail.discount > 0 && (
          <>
            <TotalLine label="Subtotal" value={formatDollars(detail.subtotal)} />
            <TotalLine label={`Coupon discount${detail.coupon_code ? ` (${detail.coupon_code})` : ''}`} value={`-${formatDollars(detail.discount)}`} />
          </>
        )}
        {isOrder && <TotalLine label="Total Items" value={String(detail.total_items)} />}
        <TotalLine
          label={isOrder ? 'Order Total' : isRefund ? 'Refunded to the wallet' : 'Total'}
          value={isRefund ? `+${formatDollars(detail.total)}` : formatDollars(detail.total)}
          strong
        />
      </Stack>
    </Stack>
  );
}

/** The invoice-detail modal of the billing history (GET /billing/{id}). */
export function InvoiceModal({ paymentId, onClose }: { paymentId: number | null; onClose: () => void }) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const detail = useBillingDetail(paymentId);
  return (
    <Modal
      opened={paymentId !== null}
      onClose={onClose}
      title={detail.data ? `${detail.data.data.type === 'refund' ? 'Credit note' : 'Invoice'} ${detail.data.data.invoice}` : 'Invoice'}
      size="xl"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {/* A failed refetch keeps the data on screen (the central toast says so): only a failed first load shows here. */}
      {detail.isLoading ? (
        <Stack gap="sm">
          <Skeleton h={80} />
          <Skeleton h={120} />
          <Skeleton h={40} />
        </Stack>
      ) : detail.isLoadingError ? (
        <ErrorState title={listScreenMessages.invoiceLinesFailed} error={detail.error} onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
      ) : detail.data ? (
        <Stack gap="lg">
          <InvoiceBody detail={detail.data.data} />
          <Group justify="flex-end">
            <DownloadInvoiceButton paymentId={detail.data.data.id} label={detail.data.data.type === 'refund' ? 'Download Credit Note' : undefined} />
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
