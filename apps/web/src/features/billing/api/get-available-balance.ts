import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /billing/getAvailableBalance/{userId} → {balance} in dollars (an associate gets its agency's). */
export const getAvailableBalance = (userId: number) => call('getAvailableBalance', { params: { userId } });

export const useAvailableBalance = (userId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: queryKeys.billing.balance(userId ?? 0),
    queryFn: () => getAvailableBalance(userId!),
    enabled: enabled && Boolean(userId),
    staleTime: 30_000,
  });
