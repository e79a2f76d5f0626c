import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /order/downloadinvoice/{paymentId} → {link}: a short-lived address of the invoice PDF. */
export const downloadInvoice = (paymentId: number) => api.get<{ link: string }>(`/order/downloadinvoice/${paymentId}`);

export const useDownloadInvoice = () => useMutation({ mutationFn: downloadInvoice });
