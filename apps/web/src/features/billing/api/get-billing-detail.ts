import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { billingDetailResponseSchema, billingDetailSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

export type BillingDetail = z.infer<typeof billingDetailSchema>;

/** GET /billing/{id} → {data}: what the invoice-detail modal shows for one payment. */
export const getBillingDetail = (id: number) => api.get<z.infer<typeof billingDetailResponseSchema>>(`/billing/${id}`);

export const useBillingDetail = (id: number | null) =>
  useQuery({ queryKey: billingKeys.detail(id ?? 0), queryFn: () => getBillingDetail(id!), enabled: id !== null });
