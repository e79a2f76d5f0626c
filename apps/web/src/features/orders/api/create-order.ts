import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreateOrderInput } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /order/create {articlesData, total, orderBreakDown, updateId} → {message, order: {id}}. */
export const createOrder = (input: CreateOrderInput) => call('createOrder', { body: input });

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
