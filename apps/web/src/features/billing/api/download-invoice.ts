import { useMutation } from '@tanstack/react-query';

import { call } from '@/lib/api-client';

/** GET /order/downloadinvoice/{payment id} → {link}: a short-lived signed address of the invoice PDF, opened in a new tab. */
export const getInvoiceLink = (paymentId: number) => call('getInvoiceLink', { params: { id: paymentId } });

export const useDownloadInvoice = () => useMutation({ mutationFn: getInvoiceLink });
