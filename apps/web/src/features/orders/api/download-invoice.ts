import { api } from '@/lib/api-client';

/** GET /order/downloadinvoice/{payment id} → {link}: a signed address that opens in a new tab. */
export const getInvoiceLink = (paymentId: number) => api.get<{ link: string }>(`/order/downloadinvoice/${paymentId}`);
