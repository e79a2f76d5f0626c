import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { USER_SORT_COLUMNS, userListResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { userKeys } from './keys';

export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export type UsersQuery = {
  page: number;
  limit: number;
  sort_column: UserSortColumn;
  sort_order: 'asc' | 'desc';
  search?: string;
};

/** GET /user?page&limit&sort_column&sort_order&search → {data, meta}: admins every user, an agency itself and its associates. */
export const getUsers = (query: UsersQuery) => api.get<UserListResponse>('/user', { query });

export const useUsers = (query: UsersQuery) => useQuery({ queryKey: userKeys.list(query), queryFn: () => getUsers(query), placeholderData: keepPreviousData });
