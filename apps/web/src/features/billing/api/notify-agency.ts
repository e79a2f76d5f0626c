import { useMutation } from '@tanstack/react-query';

import { call } from '@/lib/api-client';

/**
 * GET /notifyAgency?order_id= → {message}: an associate short of balance asks its agency to top up.
 * Naming the order (the payment page's), the agency's email says its total and the shortfall and
 * links to its payment page.
 */
export const notifyAgency = (orderId?: number) => call('notifyAgency', { query: orderId === undefined ? {} : { order_id: orderId } });

export const useNotifyAgency = (orderId?: number) => useMutation({ mutationFn: () => notifyAgency(orderId) });
