import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Place = { id: string | number; name: string };

/** GET /getCounties → {data: [{id, name}]} (the spec's spelling of the path). */
export const getCountries = () => api.get<{ data: Place[] }>('/getCounties');

export const useCountries = () => useQuery({ queryKey: ['geo', 'countries'], queryFn: getCountries, staleTime: Infinity, gcTime: Infinity });
