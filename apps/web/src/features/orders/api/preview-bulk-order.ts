import { useMutation } from '@tanstack/react-query';
import { type BulkPreviewResponse } from '@copydesk/shared';
import { call } from '@/lib/api-client';

/**
 * POST /order/bulk/preview (the same multipart `file` and `order_type` as the import) → every row
 * ordered or rejected, with the total in cents; nothing is written (docs/decisions/0039-bulk-order-preview.md).
 */
export function previewBulkOrder({ file, orderType }: { file: File; orderType: string }, onProgress?: (percent: number) => void): Promise<BulkPreviewResponse> {
  const form = new FormData();
  form.append('order_type', orderType);
  form.append('file', file);
  return call('previewBulkOrder', { body: form, onProgress });
}

/** The bulk modal shows a refused sheet beside its upload area, so no toast. */
export const usePreviewBulkOrder = (onProgress: (percent: number) => void) =>
  useMutation({
    mutationFn: (input: { file: File; orderType: string }) => previewBulkOrder(input, onProgress),
    meta: { errorToast: false },
  });
