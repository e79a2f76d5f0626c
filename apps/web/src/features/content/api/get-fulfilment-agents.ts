import { useQuery } from '@tanstack/react-query';

import { call, type CallResponse } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type Agent = CallResponse<'listFulfilmentAgents'>['data'][number];

/** GET /fulfilment/agents (admins) → {data: [{id, name}]}: who can take an item. */
export const getFulfilmentAgents = () => call('listFulfilmentAgents');

export const useFulfilmentAgents = (enabled = true) =>
  useQuery({ queryKey: queryKeys.content.agents, queryFn: getFulfilmentAgents, enabled, staleTime: 60_000, select: (res) => res.data });
