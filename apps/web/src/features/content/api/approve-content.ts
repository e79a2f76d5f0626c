import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /content/approved/{id} {id} → {message}; 409 unless Pending Review with a document. */
export const approveContent = (id: number) => call('approveContent', { params: { id }, body: { id } });

export const useApproveContent = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveContent, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.content.all }) });
};
