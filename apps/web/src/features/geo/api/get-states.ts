import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /getStatesByCounties/{countryId} → {data: [{id, name}]}. */
export const getStates = (countryId: string) => call('listStates', { params: { country: countryId } });

export const useStates = (countryId: string | null) =>
  useQuery({
    queryKey: queryKeys.geo.states(countryId),
    queryFn: () => getStates(countryId!),
    enabled: Boolean(countryId),
    staleTime: Infinity,
  });
