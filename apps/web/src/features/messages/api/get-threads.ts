import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type ThreadListParams = { page: number; limit: number };

/** GET /message (page, limit) → {data, meta}: the caller's agency's threads (admins: all), newest activity first. */
export const getThreads = (params: ThreadListParams) => call('listThreads', { query: params });

export const useThreads = (params: ThreadListParams) =>
  useQuery({
    queryKey: queryKeys.messages.list(params),
    queryFn: () => getThreads(params),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
