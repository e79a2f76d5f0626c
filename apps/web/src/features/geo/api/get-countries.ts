import { useQuery } from '@tanstack/react-query';
import { type GeoItem } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** One entry of the country, state and city lists. */
export type Place = GeoItem;

/** GET /getCounties → {data: [{id, name}]} (the original portal's spelling of the path). */
export const getCountries = () => call('listCountries');

export const useCountries = () => useQuery({ queryKey: queryKeys.geo.countries, queryFn: getCountries, staleTime: Infinity, gcTime: Infinity });
