import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './keys';
import type { MessageSent } from './types';

export type CreateThreadInput = { subject: string; message: string; order_id?: number };

/**
 * POST /message {subject, message, order_id?} → 201 {message, id}; 422 per field (subject ≤ 250,
 * message ≤ 5,000, both required; admins must name an order).
 */
export const createThread = (input: CreateThreadInput) => api.post<MessageSent>('/message', input);

export const useCreateThread = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createThread, onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.lists }) });
};
