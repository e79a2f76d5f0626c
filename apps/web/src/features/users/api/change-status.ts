import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export type ChangeStatusInput = { userid: number; status: 0 | 1 };

/**
 * POST /user/changeStatus {status, userid} → {message}. Deactivating ends the user's sessions at
 * once, and an inactive agency stops its associates (DESIGN.md §6.19).
 */
export const changeStatus = (input: ChangeStatusInput) => api.post<{ message?: string }>('/user/changeStatus', input);

export const useChangeStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
