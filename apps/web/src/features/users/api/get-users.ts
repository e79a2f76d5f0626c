import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type USER_SORT_COLUMNS, type userListResponseSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

export type UsersQuery = {
  page: number;
  limit: number;
  sort_column: UserSortColumn;
  sort_order: 'asc' | 'desc';
  search?: string;
};

/** GET /user?page&limit&sort_column&sort_order&search → {data, meta}: admins every user, an agency itself and its associates; no flag picks this shape. */
export const getUsers = (query: UsersQuery) => call('listUsers', { query }) as Promise<z.infer<typeof userListResponseSchema>>;

export const useUsers = (query: UsersQuery) =>
  useQuery({ queryKey: queryKeys.users.list(query), queryFn: () => getUsers(query), placeholderData: keepPreviousData });
