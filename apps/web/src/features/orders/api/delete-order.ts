import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

/** DELETE /order/{id} (admin) → {message}. */
export const deleteOrder = (id: number) => api.delete<{ message: string }>(`/order/${id}`);

export const useDeleteOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
};
