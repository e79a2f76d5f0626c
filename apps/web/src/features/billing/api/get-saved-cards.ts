import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { savedCardSchema, savedCardsResponseSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { billingKeys } from './keys';

export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET /user/getsavedcards/{userId} → {data: [{id, card_last_digits, card_expiry}]}, newest first (403 for associates). */
export const getSavedCards = (userId: number) => api.get<z.infer<typeof savedCardsResponseSchema>>(`/user/getsavedcards/${userId}`);

export const useSavedCards = (userId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: billingKeys.savedCards(userId ?? 0),
    queryFn: () => getSavedCards(userId!),
    enabled: enabled && Boolean(userId),
  });
