import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

/** What each counter counts: all orders, completed (approved), unpaid, or in progress (`null`). */
export type OrderCountStatus = 'all' | 'approved' | 'unpaid' | 'null';

/** GET /order/getCountBystatus/{status} → {count}. */
export const getOrderCount = (status: OrderCountStatus) => api.get<{ count: number }>(`/order/getCountBystatus/${status}`);

export const useOrderCount = (status: OrderCountStatus) =>
  useQuery({ queryKey: [...ordersQueryKey, 'count', status], queryFn: () => getOrderCount(status), select: (res) => res.count });
