import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /miscellaneous/getCategories → {data: [{id, name}]}: the industries an item can belong to. */
export const getCategories = () => call('listCategories');

export const useCategories = () =>
  useQuery({
    queryKey: queryKeys.catalog.categories,
    queryFn: getCategories,
    staleTime: 5 * 60_000,
    select: (res) => res.data.map((c) => c.name),
  });
