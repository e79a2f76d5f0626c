import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddBalanceInfo } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

/**
 * POST /billing/addBalance {paymentInfo} → {message}. Each call carries a fresh Idempotency-Key,
 * so a request the network repeats charges the card once (DESIGN.md §4).
 */
export const addBalance = (paymentInfo: AddBalanceInfo) =>
  api.post<{ message: string }>('/billing/addBalance', { paymentInfo }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const useAddBalance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBalance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
};
