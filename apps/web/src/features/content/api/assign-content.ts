import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * POST /content/{id}/assign {linkagent_id?} (admins) → {message}: the item goes In Progress with
 * that admin, or with the caller when no one is named; 409 unless Unassigned or Revision Requested.
 */
export const assignContent = ({ id, linkagentId }: { id: number; linkagentId?: number }) =>
  api.post<{ message: string }>(`/content/${id}/assign`, linkagentId === undefined ? {} : { linkagent_id: linkagentId });

export const useAssignContent = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignContent, onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.all }) });
};
