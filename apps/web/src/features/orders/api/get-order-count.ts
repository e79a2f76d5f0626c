import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type orderCountStatusSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What each counter counts: all orders, completed (approved), unpaid, or in progress (`null`). */
export type OrderCountStatus = z.infer<typeof orderCountStatusSchema>['status'];

/** GET /order/getCountBystatus/{status} → {count}. */
export const getOrderCount = (status: OrderCountStatus) => call('countOrders', { params: { status } });

export const useOrderCount = (status: OrderCountStatus) =>
  useQuery({ queryKey: queryKeys.orders.count(status), queryFn: () => getOrderCount(status), select: (res) => res.count });
