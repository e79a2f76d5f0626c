import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /getInfo → {user}: the signed-in user, fresh from the server. */
export const getInfo = () => call('getInfo');

export const useInfo = (enabled = true) => useQuery({ queryKey: queryKeys.auth.info, queryFn: getInfo, enabled, retry: false, staleTime: 30_000 });
