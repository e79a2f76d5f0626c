import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@copydesk/shared';
import { api } from '@/lib/api-client';

/** GET /dashboard/admin-stats (admins) → agencies, open and overdue items, wallet balances held (dollars). */
export const getAdminStats = () => api.get<AdminStats>('/dashboard/admin-stats');

export const useAdminStats = (enabled = true) => useQuery({ queryKey: ['dashboard', 'admin-stats'], queryFn: getAdminStats, enabled, staleTime: 30_000 });
