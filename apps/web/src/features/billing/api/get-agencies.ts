import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type userByRoleSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type AgencyOption = z.infer<typeof userByRoleSchema>;

/** GET /user/getuserbyrole/agency → {data: [{id, name, …}]}: the admin's agency select. */
export const getAgencies = () => call('listUsersByRole', { params: { role: 'agency' } });

export const useAgencies = (enabled: boolean) => useQuery({ queryKey: queryKeys.users.byRole('agency'), queryFn: getAgencies, enabled, staleTime: 60_000 });
