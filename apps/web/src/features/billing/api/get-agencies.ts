import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type AgencyOption = { id: number; name: string; email?: string; company_name?: string | null };

/** GET /user/getuserbyrole/agency → {data: [{id, name, …}]}: the admin's agency select. */
export const getAgencies = () => api.get<{ data: AgencyOption[] }>('/user/getuserbyrole/agency');

export const useAgencies = (enabled: boolean) => useQuery({ queryKey: ['users', 'by-role', 'agency'], queryFn: getAgencies, enabled, staleTime: 60_000 });
