import { useRef } from 'react';
import { type MutationMeta, useMutation, useQueryClient } from '@tanstack/react-query';
import { type PayOrderInfo } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { createAttemptKeys } from '@/lib/idempotency';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /order/pay {paymentInfo} → {message, payment_id, offer_message}, with the attempt's
 * Idempotency-Key: a retry of the same payment after a lost answer charges once (docs/decisions/0006-idempotency-keys.md).
 */
export const payOrder = (paymentInfo: PayOrderInfo, idempotencyKey: string) =>
  call('payOrder', { body: { paymentInfo }, headers: { 'Idempotency-Key': idempotencyKey } });

/** `meta: { errorToast: false }` for a screen that shows this call's failures itself (lib/server-errors.ts). */
export const usePayOrder = ({ meta }: { meta?: MutationMeta } = {}) => {
  const queryClient = useQueryClient();
  const attempts = useRef(createAttemptKeys()).current;
  return useMutation({
    mutationFn: (paymentInfo: PayOrderInfo) => payOrder(paymentInfo, attempts.keyFor(paymentInfo)),
    meta,
    onSettled: (_data, error) => attempts.settle(error ?? undefined),
    // Lists and counts of orders change once one is paid.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
