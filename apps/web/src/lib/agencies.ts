import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type userByRoleSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** An agency as the admin's pickers list it: {id, name, email, company_name, status}. */
export type AgencyOption = z.infer<typeof userByRoleSchema>;

/**
 * GET /user/getuserbyrole/agency: the agencies the admin picks from (adding balance, filtering the
 * fulfilment queue, whom a coupon is for). One query for all of them, under the users' key, so adding
 * or editing an agency refreshes every picker.
 */
export const getAgencies = () => call('listUsersByRole', { params: { role: 'agency' } });

export const useAgencies = (enabled = true) => useQuery({ queryKey: queryKeys.users.byRole('agency'), queryFn: getAgencies, enabled, staleTime: 60_000 });
