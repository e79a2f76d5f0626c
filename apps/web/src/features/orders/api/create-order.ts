import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderInput } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

/** POST /order/create {articlesData, total, orderBreakDown, updateId} → {message, order: {id}}. */
export const createOrder = (input: CreateOrderInput) => api.post<{ message: string; order: { id: number } }>('/order/create', input);

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
};
