import { useQuery } from '@tanstack/react-query';
import { type UserListRow } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /user/{id} → {data: row}; 404 outside the caller's users. */
export const getUser = (id: number) => call('getUser', { params: { id } });

/** One user, fresh from the server; `row` (from the list) shows meanwhile. */
export const useUser = (id: number | null, row?: UserListRow) =>
  useQuery({
    queryKey: queryKeys.users.detail(id ?? 0),
    queryFn: () => getUser(id!),
    enabled: id !== null,
    placeholderData: row && row.id === id ? { data: row } : undefined,
  });
