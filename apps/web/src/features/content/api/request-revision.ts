import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { type RevisionRequest } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /content/revision/{id} {reason, detailedReason, linkagent_id} → {message}; 422 per field, 409 when none are left. */
export const requestRevision = ({ id, body }: { id: number; body: RevisionRequest }) => call('requestRevision', { params: { id }, body });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useRequestRevision = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestRevision, meta, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.content.all }) });
};
