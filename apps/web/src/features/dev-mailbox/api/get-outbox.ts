import { useQuery } from '@tanstack/react-query';

import { call, type CallResponse } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type OutboxEmail = CallResponse<'listDevOutbox'>['data'][number];

/** GET /dev/outbox → {data: [...]}: emails the server would have sent (404 when the mailbox is off). */
export const getOutbox = () => call('listDevOutbox');

export const useOutbox = () => useQuery({ queryKey: queryKeys.devMailbox.outbox, queryFn: getOutbox, retry: false, refetchOnWindowFocus: true });
