import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /content/approved/{id} {id} → {message}; 409 unless Pending Review with a document. */
export const approveContent = (id: number) => api.post<{ message: string }>(`/content/approved/${id}`, { id });

export const useApproveContent = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveContent, onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }) });
};
