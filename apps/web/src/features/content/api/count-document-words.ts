import { call, type CallResponse } from '@/lib/api-client';

export type DocumentWords = CallResponse<'countDocumentWords'>;

/**
 * POST /content/{id}/documents/words (admins; multipart `file`) → {word_count, requested_word_count, short}:
 * the chosen file read as a delivery reads it, nothing stored (docs/decisions/0040-review-screen.md).
 */
export function countDocumentWords({ id, file }: { id: number; file: File }, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return call('countDocumentWords', { params: { id }, body: form, onProgress });
}
