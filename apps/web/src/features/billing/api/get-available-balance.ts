import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { balanceResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

/** GET /billing/getAvailableBalance/{userId} → {balance} in dollars (an associate gets its agency's). */
export const getAvailableBalance = (userId: number) => api.get<z.infer<typeof balanceResponseSchema>>(`/billing/getAvailableBalance/${userId}`);

export const useAvailableBalance = (userId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: billingKeys.balance(userId ?? 0),
    queryFn: () => getAvailableBalance(userId!),
    enabled: enabled && Boolean(userId),
    staleTime: 30_000,
  });
