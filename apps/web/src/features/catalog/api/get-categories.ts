import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /miscellaneous/getCategories → {data: [{id, name}]}: the industries an item can belong to. */
export const getCategories = () => api.get<{ data: { id: number; name: string }[] }>('/miscellaneous/getCategories');

export const useCategories = () =>
  useQuery({
    queryKey: ['catalog', 'categories'],
    queryFn: getCategories,
    staleTime: 5 * 60_000,
    select: (res) => res.data.map((c) => c.name),
  });
