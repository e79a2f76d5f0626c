import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /billing/spendingByMonth → {data: [{month: 'YYYY-MM', spending}]}: order payments net of their
 * refunds per UTC month, the last six months, over the caller's billing history.
 */
export const getMonthlySpending = () => call('getMonthlySpending');

export const useMonthlySpending = () => useQuery({ queryKey: queryKeys.billing.monthlySpending, queryFn: getMonthlySpending });
