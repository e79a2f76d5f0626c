import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contentKeys } from './keys';

export type Agent = { id: number; name: string };

/** GET /fulfilment/agents (admins) → {data: [{id, name}]}: who can take an item. */
export const getFulfilmentAgents = () => api.get<{ data: Agent[] }>('/fulfilment/agents');

export const useFulfilmentAgents = (enabled = true) =>
  useQuery({ queryKey: contentKeys.agents, queryFn: getFulfilmentAgents, enabled, staleTime: 60_000, select: (res) => res.data });
