import { useQuery, useQueryClient } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /message/{id} → {data}: the thread and its messages, oldest first; reading it marks it read. 404 for another agency's thread. */
export const getThread = (id: number) => call('getThread', { params: { id } });

export const useThread = (id: number | null) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.messages.thread(id ?? 0),
    queryFn: async () => {
      const res = await getThread(id!);
      // The server has just marked the thread read: the sidebar badge and the list's marker follow.
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.unread });
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages.lists });
      return res;
    },
    enabled: id !== null,
    refetchOnWindowFocus: true,
    select: (res) => res.data,
  });
};
