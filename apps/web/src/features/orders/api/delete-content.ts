import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

/** DELETE /content/{id} (admin) → {message}. */
export const deleteContent = (id: number) => api.delete<{ message: string }>(`/content/${id}`);

export const useDeleteContent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
};
