import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /order/delete {ids} → {message, deleted}: several unpaid orders deleted together, or none. */
export const deleteOrders = (ids: number[]) => call('deleteOrders', { body: { ids } });

export const useDeleteOrders = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrders,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
