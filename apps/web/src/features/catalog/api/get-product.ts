import { queryOptions, useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { type ProductDetail } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /product?name= → {data: {…, productwordcount: [{title, price}], productAddon: [{value, price}]}}. */
export const getProduct = (name: string) => call('getProductByName', { query: { name } });

export const productQuery = (name: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.product(name),
    queryFn: () => getProduct(name),
    staleTime: 5 * 60_000,
    select: (res) => res.data,
    enabled: Boolean(name),
  });

export const useProduct = (name: string) => useQuery(productQuery(name));

/** The tiers and add-ons of several order types at once, by name. */
export function useProductsByName(names: string[]): Map<string, ProductDetail> {
  const unique = [...new Set(names.filter(Boolean))];
  return useQueries({
    queries: unique.map((name) => productQuery(name)),
    combine: (results) => {
      const map = new Map<string, ProductDetail>();
      results.forEach((r) => r.data && map.set(r.data.name, r.data));
      return map;
    },
  });
}

/** A type's tiers and add-ons from the cache, or loaded now (a chosen type needs its first word count). */
export const ensureProduct = (queryClient: QueryClient, name: string) =>
  queryClient.ensureQueryData({ queryKey: queryKeys.catalog.product(name), queryFn: () => getProduct(name), staleTime: 5 * 60_000 }).then((res) => res.data);
