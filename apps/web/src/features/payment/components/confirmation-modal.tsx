import type { ReactNode } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { IconCircleCheck, IconListDetails } from '@tabler/icons-react';
import { formatMoney } from '@copydesk/shared';
import type { Confirmation } from '../hooks/use-checkout';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" py={6} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {value}
      </Text>
    </Group>
  );
}

type ConfirmationModalProps = {
  confirmation: Confirmation | null;
  onViewOrder: () => void;
  onClose: () => void;
  /** The invoice download, composed in by the screen. */
  invoiceButton: (paymentId: number) => ReactNode;
};

/** Order confirmed: amount paid, discount, date, order id, payment type. */
export function ConfirmationModal({ confirmation, onViewOrder, onClose, invoiceButton }: ConfirmationModalProps) {
  return (
    <Modal
      opened={confirmation !== null}
      onClose={onClose}
      centered
      size="md"
      withCloseButton
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={<span style={{ fontWeight: 700 }}>Order Confirmed</span>}
    >
      {confirmation && (
        <Stack gap="md" align="stretch">
          <Stack gap={6} align="center" ta="center">
            <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
              <IconCircleCheck size={34} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              Thank you for your order!
            </Title>
            <Text size="sm" c="dimmed">
              Our writers deliver in 4-5 business days.
            </Text>
          </Stack>
          <div>
            <Row label="Amount Paid" value={formatMoney(confirmation.amountCents)} />
            <Row
              label="Discount"
              value={
                confirmation.discountCents > 0
                  ? `${formatMoney(confirmation.discountCents)}${confirmation.couponCode ? ` (${confirmation.couponCode})` : ''}`
                  : formatMoney(0)
              }
            />
            <Row label="Date" value={confirmation.date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })} />
            <Row label="Order ID" value={`#${confirmation.orderId}`} />
            <Row label="Payment Type" value={confirmation.paymentType} />
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {invoiceButton(confirmation.paymentId)}
            <Button leftSection={<IconListDetails size={16} aria-hidden />} onClick={onViewOrder}>
              View Order
            </Button>
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
