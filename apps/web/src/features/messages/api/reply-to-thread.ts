import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './keys';
import type { MessageSent } from './types';

/** POST /message/{id}/reply {message} → 201 {message, id}; 422 {errors: {message}}. */
export const replyToThread = ({ threadId, message }: { threadId: number; message: string }) => api.post<MessageSent>(`/message/${threadId}/reply`, { message });

export const useReplyToThread = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToThread,
    onSuccess: (_res, { threadId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: messageKeys.thread(threadId) }), queryClient.invalidateQueries({ queryKey: messageKeys.lists })]),
  });
};
