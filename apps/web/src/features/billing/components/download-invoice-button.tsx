import { Anchor, Button, type ButtonProps } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { messages } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import { useDownloadInvoice } from '../api/download-invoice';

type DownloadInvoiceButtonProps = ButtonProps & { paymentId: number | null | undefined; label?: string };

/**
 * Asks for the invoice's short-lived link and opens it in a new tab (docs/decisions/0026-invoices.md).
 * Should the browser block the tab, the link is offered in a toast instead.
 */
export function DownloadInvoiceButton({ paymentId, label = 'Download Invoice', ...buttonProps }: DownloadInvoiceButtonProps) {
  const download = useDownloadInvoice();

  const onClick = () => {
    if (!paymentId) {
      notify.info(messages.paymentInfoNotFound);
      return;
    }
    download.mutate(paymentId, {
      onSuccess: ({ link }) => {
        const tab = window.open(link, '_blank');
        if (tab) tab.opener = null;
        else
          notify.info(
            <Anchor href={link} target="_blank" rel="noopener noreferrer">
              Open the invoice
            </Anchor>,
          );
      },
    });
  };

  return (
    <Button leftSection={<IconDownload size={16} aria-hidden />} loading={download.isPending} onClick={onClick} {...buttonProps}>
      {label}
    </Button>
  );
}
