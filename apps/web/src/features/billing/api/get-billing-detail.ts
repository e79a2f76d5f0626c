import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type billingDetailSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BillingDetail = z.infer<typeof billingDetailSchema>;

/** GET /billing/{id} → {data}: what the invoice-detail modal shows for one payment. */
export const getBillingDetail = (id: number) => call('getPayment', { params: { id } });

export const useBillingDetail = (id: number | null) =>
  useQuery({ queryKey: queryKeys.billing.detail(id ?? 0), queryFn: () => getBillingDetail(id!), enabled: id !== null });
