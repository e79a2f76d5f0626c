import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PayOrderInfo, payOrderResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';

export type PayOrderResponse = z.infer<typeof payOrderResponseSchema>;

/**
 * POST /order/pay {paymentInfo} → {message, payment_id, offer_message}. Each press sends a fresh
 * Idempotency-Key, so a request the network repeats charges once (DESIGN.md §4).
 */
export const payOrder = (paymentInfo: PayOrderInfo) =>
  api.post<PayOrderResponse>('/order/pay', { paymentInfo }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const usePayOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    // Lists and counts of orders change once one is paid.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
};
