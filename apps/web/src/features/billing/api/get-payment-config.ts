import { useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@copydesk/shared';
import { api } from '@/lib/api-client';

/** GET /payment-config → {gateway, publishable_key}: which card form to draw. */
export const getPaymentConfig = () => api.get<PaymentConfig>('/payment-config');

/** Read once per visit: the gateway only changes with a server restart. */
export const usePaymentConfig = (enabled = true) =>
  useQuery({ queryKey: ['payment-config'], queryFn: getPaymentConfig, enabled, staleTime: Infinity, gcTime: Infinity });
