import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RevisionRequest } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /content/revision/{id} {reason, detailedReason, linkagent_id} → {message}; 422 per field, 409 when none are left. */
export const requestRevision = ({ id, body }: { id: number; body: RevisionRequest }) => api.post<{ message: string }>(`/content/revision/${id}`, body);

export const useRequestRevision = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestRevision, onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }) });
};
