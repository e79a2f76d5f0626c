import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userByRoleSchema, usersByRoleResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { couponKeys } from './keys';

export type CouponAgency = z.infer<typeof userByRoleSchema>;

/** GET /user/getuserbyrole/agency → {data: [{id, name, email, company_name, status}]}: who a coupon can be for. */
export const getCouponAgencies = () => api.get<z.infer<typeof usersByRoleResponseSchema>>('/user/getuserbyrole/agency');

export const useCouponAgencies = () => useQuery({ queryKey: couponKeys.agencies, queryFn: getCouponAgencies, staleTime: 60_000 });
