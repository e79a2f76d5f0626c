import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateContentSchema } from '@copydesk/shared';
import { api } from '@/lib/api-client';
import { ordersQueryKey } from './get-orders';

export type UpdateContentInput = z.input<typeof updateContentSchema>;

/** PATCH /content/{id} {wordCount:{word}, addOns:{addOn}, keyword, articleTitle, description} (admin) → {message}. */
export const updateContent = ({ id, body }: { id: number; body: UpdateContentInput }) => api.patch<{ message: string }>(`/content/${id}`, body);

export const useUpdateContent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
};
