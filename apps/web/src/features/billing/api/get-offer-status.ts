import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /getOfferStatus → {message, remaining_amount, show}: the offer banner of the caller's agency. */
export const getOfferStatus = () => call('getOfferStatus');

export const useOfferStatus = (enabled = true) => useQuery({ queryKey: queryKeys.billing.offerStatus, queryFn: getOfferStatus, enabled, staleTime: 60_000 });
