import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { type updateContentSchema } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type UpdateContentInput = z.input<typeof updateContentSchema>;

/** PATCH /content/{id} {wordCount:{word}, addOns:{addOn}, keyword, articleTitle, description} (admin) → {message}. */
export const updateContent = ({ id, body }: { id: number; body: UpdateContentInput }) => call('updateContent', { params: { id }, body });

export const useUpdateContent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
};
