import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /dashboard/admin-stats (admins) → agencies, open and overdue items, wallet balances held (dollars), the unassigned items. */
export const getAdminStats = () => call('getAdminStats');

export const useAdminStats = (enabled = true) => useQuery({ queryKey: queryKeys.dashboard.adminStats, queryFn: getAdminStats, enabled, staleTime: 30_000 });
