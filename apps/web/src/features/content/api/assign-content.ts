import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /content/{id}/assign {linkagent_id?} (admins) → {message}: the item goes In Progress with
 * that admin, or with the caller when no one is named; 409 unless Unassigned or Revision Requested.
 */
export const assignContent = ({ id, linkagentId }: { id: number; linkagentId?: number }) =>
  call('assignContent', { params: { id }, body: linkagentId === undefined ? {} : { linkagent_id: linkagentId } });

export const useAssignContent = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignContent, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.content.all }) });
};
