import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /order/getById/{id} → {order, content, total, orderBreakDown, message}. */
export const getOrder = (id: number) => call('getOrder', { params: { id } });

export const useOrder = (id: number | null) =>
  useQuery({ queryKey: queryKeys.orders.detail(id ?? 0), queryFn: () => getOrder(id!), enabled: id !== null && id > 0 });

/** The order being paid for (`order.unpaid`, its items and total), as the payment screen reads it. */
export const usePaymentOrder = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.payment.order(id),
    queryFn: () => getOrder(id!),
    enabled: id !== null,
    // The page decides from one reading whether the order can be paid; a refetch after paying would
    // read it as paid and send the user away from the confirmation.
    staleTime: Infinity,
    refetchOnMount: 'always',
  });
