import { useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '@copydesk/shared';
import { api } from '@/lib/api-client';

/** GET /miscellaneous/getProducts → {data: [{id, name, description, sample, starting_price}]}. */
export const getProducts = () => api.get<{ data: ProductSummary[] }>('/miscellaneous/getProducts');

export const useProducts = () => useQuery({ queryKey: ['catalog', 'products'], queryFn: getProducts, staleTime: 5 * 60_000, select: (res) => res.data });
