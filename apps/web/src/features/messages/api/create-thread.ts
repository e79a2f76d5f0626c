import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CreateThreadInput = { subject: string; message: string; order_id?: number };

/**
 * POST /message {subject, message, order_id?} → 201 {message, id}; 422 per field (subject ≤ 250,
 * message ≤ 5,000, both required; admins must name an order).
 */
export const createThread = (input: CreateThreadInput) => call('createThread', { body: input });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useCreateThread = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createThread, meta, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages.lists }) });
};
