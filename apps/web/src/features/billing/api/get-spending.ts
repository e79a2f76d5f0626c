import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { spendingResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

/** GET /billing/getSpending/{userId} → {spending}: what the agency's paid orders cost, in dollars. */
export const getSpending = (userId: number) => api.get<z.infer<typeof spendingResponseSchema>>(`/billing/getSpending/${userId}`);

export const useSpending = (userId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: billingKeys.spending(userId ?? 0),
    queryFn: () => getSpending(userId!),
    enabled: enabled && Boolean(userId),
  });
