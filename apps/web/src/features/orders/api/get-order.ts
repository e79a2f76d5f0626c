import { useQuery } from '@tanstack/react-query';
import type { ContentItem, OrderBreakdownLine, OrderRow } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

export type OrderDetail = {
  order: OrderRow;
  content: ContentItem[];
  total: number;
  orderBreakDown: OrderBreakdownLine[];
  message: string;
};

/** GET /order/getById/{id} → {order, content, total, orderBreakDown, message}. */
export const getOrder = (id: number) => api.get<OrderDetail>(`/order/getById/${id}`);

export const orderQueryKey = (id: number) => [...ordersQueryKey, 'detail', id] as const;

export const useOrder = (id: number | null) => useQuery({ queryKey: orderQueryKey(id ?? 0), queryFn: () => getOrder(id!), enabled: id !== null && id > 0 });
