import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type userProjectSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PastProject = z.infer<typeof userProjectSchema>;

/** GET /getItemsByUser → {data: [past projects]}: prefills project name, company, audience and category. */
export const getProjects = () => call('listProjects');

export const useProjects = (enabled = true) =>
  useQuery({ queryKey: queryKeys.orders.projects, queryFn: getProjects, enabled, staleTime: 60_000, select: (res) => res.data });
