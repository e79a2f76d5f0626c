import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UserListRow, userDetailResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

/** GET /user/{id} → {data: row}; 404 outside the caller's users. */
export const getUser = (id: number) => api.get<z.infer<typeof userDetailResponseSchema>>(`/user/${id}`);

/** One user, fresh from the server; `row` (from the list) shows meanwhile. */
export const useUser = (id: number | null, row?: UserListRow) =>
  useQuery({
    queryKey: userKeys.detail(id ?? 0),
    queryFn: () => getUser(id!),
    enabled: id !== null,
    placeholderData: row && row.id === id ? { data: row } : undefined,
  });
