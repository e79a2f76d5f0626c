import { useRef } from 'react';
import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AddBalanceInfo } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { createAttemptKeys } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /billing/addBalance {paymentInfo} → {message}, with the attempt's Idempotency-Key: a retry
 * of the same top-up after a lost answer charges the card once (docs/decisions/0006-idempotency-keys.md).
 */
export const addBalance = (paymentInfo: AddBalanceInfo, idempotencyKey: string) =>
  call('addBalance', { body: { paymentInfo }, headers: { 'Idempotency-Key': idempotencyKey } });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const useAddBalance = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  const attempts = useRef(createAttemptKeys()).current;
  return useMutation({
    mutationFn: (paymentInfo: AddBalanceInfo) => addBalance(paymentInfo, attempts.keyFor(paymentInfo)),
    meta,
    onSettled: (_data, error) => attempts.settle(error ?? undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all }),
  });
};
