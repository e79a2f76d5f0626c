import { useMutation, useQueryClient } from '@tanstack/react-query';

import { call, type CallResponse } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type UploadDocumentResponse = CallResponse<'uploadDocument'>;

/**
 * POST /content/{id}/documents (admins; multipart `file`, a .docx up to 20 MB) → {message, document};
 * 422 for other files, 409 unless the item is In Progress.
 */
export function uploadDocument({ id, file }: { id: number; file: File }, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return call('uploadDocument', { params: { id }, body: form, onProgress });
}

export const useUploadDocument = (onProgress: (percent: number) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; file: File }) => uploadDocument(input, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.content.all }),
  });
};
