import { useQuery } from '@tanstack/react-query';
import type { User } from '@copydesk/shared';
import { api } from '@/lib/api-client';

export const infoQueryKey = ['auth', 'info'] as const;

/** GET /getInfo → {user}: the signed-in user, fresh from the server. */
export const getInfo = () => api.get<{ user: User }>('/getInfo');

export const useInfo = (enabled = true) => useQuery({ queryKey: infoQueryKey, queryFn: getInfo, enabled, retry: false, staleTime: 30_000 });
