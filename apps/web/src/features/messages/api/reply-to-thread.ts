import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /message/{id}/reply {message} → 201 {message, id}; 422 {errors: {message}}. */
export const replyToThread = ({ threadId, message }: { threadId: number; message: string }) =>
  call('replyToThread', { params: { id: threadId }, body: { message } });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useReplyToThread = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToThread,
    meta,
    onSuccess: (_res, { threadId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.thread(threadId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.lists }),
      ]),
  });
};
