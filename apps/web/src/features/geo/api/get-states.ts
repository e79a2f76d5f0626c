import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Place } from './get-countries';

/** GET /getStatesByCounties/{countryId} → {data: [{id, name}]}. */
export const getStates = (countryId: string) => api.get<{ data: Place[] }>(`/getStatesByCounties/${encodeURIComponent(countryId)}`);

export const useStates = (countryId: string | null) =>
  useQuery({
    queryKey: ['geo', 'states', countryId],
    queryFn: () => getStates(countryId!),
    enabled: Boolean(countryId),
    staleTime: Infinity,
  });
