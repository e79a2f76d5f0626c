import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /getCitiesByStates/{stateId} → {data: [{id, name}]}. */
export const getCities = (stateId: string) => call('listCities', { params: { state: stateId } });

export const useCities = (stateId: string | null) =>
  useQuery({
    queryKey: queryKeys.geo.cities(stateId),
    queryFn: () => getCities(stateId!),
    enabled: Boolean(stateId),
    staleTime: Infinity,
  });
