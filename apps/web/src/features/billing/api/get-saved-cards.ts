import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { type savedCardSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET /user/getsavedcards/{userId} → {data: [{id, card_last_digits, card_expiry}]}, newest first (403 for associates). */
export const getSavedCards = (userId: number) => call('listSavedCards', { params: { userId } });

export const useSavedCards = (userId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: queryKeys.billing.savedCards(userId ?? 0),
    queryFn: () => getSavedCards(userId!),
    enabled: enabled && Boolean(userId),
  });
