import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type PastProject = {
  project_name: string;
  about_company: string | null;
  target_audience: string | null;
  categories: { name: string }[];
};

/** GET /getItemsByUser → {data: [past projects]}: prefills project name, company, audience and category. */
export const getProjects = () => api.get<{ data: PastProject[] }>('/getItemsByUser');

export const useProjects = (enabled = true) =>
  useQuery({ queryKey: ['orders', 'projects'], queryFn: getProjects, enabled, staleTime: 60_000, select: (res) => res.data });
