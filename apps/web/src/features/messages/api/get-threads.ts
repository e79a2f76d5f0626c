import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messageKeys } from './keys';
import type { MessageThreadPage } from './types';

export type ThreadListParams = { page: number; limit: number };

/** GET /message (page, limit) → {data, meta}: the caller's agency's threads (admins: all), newest activity first. */
export const getThreads = (params: ThreadListParams) => api.get<MessageThreadPage>('/message', { query: params });

export const useThreads = (params: ThreadListParams) =>
  useQuery({
    queryKey: messageKeys.list(params),
    queryFn: () => getThreads(params),
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: true,
  });
