import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type userCountResponseSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /user?count=1 → {count}: how many users the caller can see (the dashboard's user box). The
 * path answers one of three shapes (userListAnyResponseSchema); `count=1` picks this one.
 */
export const getUserCount = () => call('listUsers', { query: { count: 1 } }) as Promise<z.infer<typeof userCountResponseSchema>>;

export const useUserCount = (enabled = true) => useQuery({ queryKey: queryKeys.users.count, queryFn: getUserCount, enabled, select: (res) => res.count });
