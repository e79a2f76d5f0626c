import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /payment-config → {gateway, publishable_key}: which card form to draw. */
export const getPaymentConfig = () => call('getPaymentConfig');

/** Read once per visit: the gateway only changes with a server restart. */
export const usePaymentConfig = (enabled = true) =>
  useQuery({ queryKey: queryKeys.billing.paymentConfig, queryFn: getPaymentConfig, enabled, staleTime: Infinity, gcTime: Infinity });
