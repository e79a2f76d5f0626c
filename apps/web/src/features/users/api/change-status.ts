import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ChangeStatusInput = { userid: number; status: 0 | 1 };

/**
 * POST /user/changeStatus {status, userid} → {message}. Deactivating ends the user's sessions at
 * once, and an inactive agency stops its associates (docs/decisions/0011-tenancy-and-roles.md).
 */
export const changeStatus = (input: ChangeStatusInput) => call('changeUserStatus', { body: input });

export const useChangeStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
};
