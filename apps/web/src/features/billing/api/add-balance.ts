import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddBalanceInfo } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { createAttemptKeys } from '@/lib/idempotency';
import { billingKeys } from './keys';

/**
 * POST /billing/addBalance {paymentInfo} → {message}, with the attempt's Idempotency-Key: a retry
 * of the same top-up after a lost answer charges the card once (DESIGN.md §4).
 */
export const addBalance = (paymentInfo: AddBalanceInfo, idempotencyKey: string) =>
  api.post<{ message: string }>('/billing/addBalance', { paymentInfo }, { headers: { 'Idempotency-Key': idempotencyKey } });

export const useAddBalance = () => {
  const queryClient = useQueryClient();
  const attempts = useRef(createAttemptKeys()).current;
  return useMutation({
    mutationFn: (paymentInfo: AddBalanceInfo) => addBalance(paymentInfo, attempts.keyFor(paymentInfo)),
    onSettled: (_data, error) => attempts.settle(error ?? undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
};
