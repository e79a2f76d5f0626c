import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the sidebar asks for new messages while the tab is open. */
export const UNREAD_POLL_MS = 60_000;

/** GET /message/unread → {count}: threads with messages the caller has not read. */
export const getUnreadCount = () => call('getUnreadCount');

/** Polled every minute and on returning to the tab; an odd answer counts as nothing unread. */
export const useUnreadCount = (enabled = true) =>
  useQuery({
    queryKey: queryKeys.messages.unread,
    queryFn: getUnreadCount,
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    select: (res) => (typeof res?.count === 'number' && res.count > 0 ? Math.floor(res.count) : 0),
  });
