import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /miscellaneous/getProducts → {data: [{id, name, description, sample, starting_price}]}. */
export const getProducts = () => call('listProducts');

export const useProducts = () => useQuery({ queryKey: queryKeys.catalog.products, queryFn: getProducts, staleTime: 5 * 60_000, select: (res) => res.data });
