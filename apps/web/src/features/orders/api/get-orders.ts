import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ORDER_SORT_COLUMNS, type ORDER_STATUS_FILTERS } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The query of the list (orderListQuerySchema on the server); empty filters are left out. */
export type OrdersQuery = {
  page?: number;
  limit?: number;
  sort_column?: (typeof ORDER_SORT_COLUMNS)[number];
  sort_order?: 'asc' | 'desc';
  /** The previous page's meta.next_cursor: the page starts after it rather than at its offset. */
  after?: string;
  keyword?: string;
  orderId?: string;
  date?: string;
  user?: string;
  status?: (typeof ORDER_STATUS_FILTERS)[number];
};

/** GET /order with page, limit, sort_column, sort_order, after and the filters → {data, meta}. */
export const getOrders = (query: OrdersQuery) => call('listOrders', { query });

export const useOrders = (query: OrdersQuery) =>
  useQuery({ queryKey: queryKeys.orders.list(query), queryFn: () => getOrders(query), placeholderData: keepPreviousData });
