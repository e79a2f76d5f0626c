import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userOptionsResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** GET /user?showAll=1 → {data: [{id, name, email}]}: every user in the caller's scope, unpaged (pickers). */
export const getUserOptions = () => api.get<z.infer<typeof userOptionsResponseSchema>>('/user', { query: { showAll: 1 } });

/** Admins and agencies only: an associate's call answers 403. */
export const useUserOptions = (enabled = true) =>
  useQuery({ queryKey: userKeys.options, queryFn: getUserOptions, enabled, staleTime: 60_000, select: (res) => res.data });
