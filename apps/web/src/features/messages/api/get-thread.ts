import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './keys';
import type { MessageThread } from './types';

/** GET /message/{id} → {data}: the thread and its messages, oldest first; reading it marks it read. 404 for another agency's thread. */
export const getThread = (id: number) => api.get<{ data: MessageThread }>(`/message/${id}`);

export const useThread = (id: number | null) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.thread(id ?? 0),
    queryFn: async () => {
      const res = await getThread(id!);
      // The server has just marked the thread read: the sidebar badge and the list's marker follow.
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists });
      return res;
    },
    enabled: id !== null,
    refetchOnWindowFocus: true,
    select: (res) => res.data,
  });
};
