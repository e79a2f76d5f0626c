import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type userByRoleSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CouponAgency = z.infer<typeof userByRoleSchema>;

/** GET /user/getuserbyrole/agency → {data: [{id, name, email, company_name, status}]}: who a coupon can be for. */
export const getCouponAgencies = () => call('listUsersByRole', { params: { role: 'agency' } });

export const useCouponAgencies = () => useQuery({ queryKey: queryKeys.coupons.agencies, queryFn: getCouponAgencies, staleTime: 60_000 });
