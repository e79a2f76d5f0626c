import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type userOptionsResponseSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /user?showAll=1 → {data: [{id, name, email}]}: every user in the caller's scope, unpaged (pickers); `showAll=1` picks this shape. */
export const getUserOptions = () => call('listUsers', { query: { showAll: 1 } }) as Promise<z.infer<typeof userOptionsResponseSchema>>;

/** Admins and agencies only: an associate's call answers 403. */
export const useUserOptions = (enabled = true) =>
  useQuery({ queryKey: queryKeys.users.options, queryFn: getUserOptions, enabled, staleTime: 60_000, select: (res) => res.data });
