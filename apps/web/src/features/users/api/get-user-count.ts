import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userCountResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** GET /user?count=1 → {count}: how many users the caller can see (the dashboard's user box). */
export const getUserCount = () => api.get<z.infer<typeof userCountResponseSchema>>('/user', { query: { count: 1 } });

export const useUserCount = (enabled = true) => useQuery({ queryKey: userKeys.count, queryFn: getUserCount, enabled, select: (res) => res.count });
