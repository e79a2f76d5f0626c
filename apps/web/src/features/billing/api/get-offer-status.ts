import { useQuery } from '@tanstack/react-query';
import type { OfferStatus } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

/** GET /getOfferStatus → {message, remaining_amount, show}: the offer banner of the caller's agency. */
export const getOfferStatus = () => api.get<OfferStatus>('/getOfferStatus');

export const useOfferStatus = (enabled = true) => useQuery({ queryKey: billingKeys.offerStatus, queryFn: getOfferStatus, enabled, staleTime: 60_000 });
