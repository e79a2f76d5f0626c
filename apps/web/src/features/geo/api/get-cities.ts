import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Place } from './get-countries';

/** GET /getCitiesByStates/{stateId} → {data: [{id, name}]}. */
export const getCities = (stateId: string) => api.get<{ data: Place[] }>(`/getCitiesByStates/${encodeURIComponent(stateId)}`);

export const useCities = (stateId: string | null) =>
  useQuery({
    queryKey: ['geo', 'cities', stateId],
    queryFn: () => getCities(stateId!),
    enabled: Boolean(stateId),
    staleTime: Infinity,
  });
