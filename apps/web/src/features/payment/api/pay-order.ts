import { useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PayOrderInfo, payOrderResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { createAttemptKeys } from '@/lib/idempotency';

export type PayOrderResponse = z.infer<typeof payOrderResponseSchema>;

/**
 * POST /order/pay {paymentInfo} → {message, payment_id, offer_message}, with the attempt's
 * Idempotency-Key: a retry of the same payment after a lost answer charges once (DESIGN.md §4).
 */
export const payOrder = (paymentInfo: PayOrderInfo, idempotencyKey: string) =>
  api.post<PayOrderResponse>('/order/pay', { paymentInfo }, { headers: { 'Idempotency-Key': idempotencyKey } });

export const usePayOrder = () => {
  const queryClient = useQueryClient();
  const attempts = useRef(createAttemptKeys()).current;
  return useMutation({
    mutationFn: (paymentInfo: PayOrderInfo) => payOrder(paymentInfo, attempts.keyFor(paymentInfo)),
    onSettled: (_data, error) => attempts.settle(error ?? undefined),
    // Lists and counts of orders change once one is paid.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
