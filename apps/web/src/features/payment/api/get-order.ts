import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderDetailResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';

export type OrderDetail = z.infer<typeof orderDetailResponseSchema>;

/** GET /order/getById/{id} → {order: {unpaid, …}, content, total, orderBreakDown}: what is being paid for. */
export const getOrder = (id: number) => api.get<OrderDetail>(`/order/getById/${id}`);

export const usePaymentOrder = (id: number | null) =>
  useQuery({
    queryKey: ['payment', 'order', id],
    queryFn: () => getOrder(id!),
    enabled: id !== null,
    // The page decides from one reading whether the order can be paid; a refetch after paying would
    // read it as paid and send the user away from the confirmation.
    staleTime: Infinity,
    refetchOnMount: 'always',
  });
