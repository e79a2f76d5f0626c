import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /billing/getSpending/{userId} → {spending}: what the agency's paid orders cost, in dollars. */
export const getSpending = (userId: number) => call('getSpending', { params: { userId } });

export const useSpending = (userId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: queryKeys.billing.spending(userId ?? 0),
    queryFn: () => getSpending(userId!),
    enabled: enabled && Boolean(userId),
  });
