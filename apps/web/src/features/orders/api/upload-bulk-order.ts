import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BulkOrderResponse } from '@copydesk/shared';
import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /order/bulk (multipart `file`, `order_type`) → {message, order:{id}, rejected:[{row, reasons}]},
 * with upload progress. The bulk modal sends it once the user has seen the sheet's preview
 * (./preview-bulk-order.ts), and shows a failure beside the preview rather than as a toast.
 */
export function uploadBulkOrder({ file, orderType }: { file: File; orderType: string }, onProgress?: (percent: number) => void): Promise<BulkOrderResponse> {
  const form = new FormData();
  form.append('order_type', orderType);
  form.append('file', file);
  return call('uploadBulkOrder', { body: form, onProgress });
}

export const useUploadBulkOrder = (onProgress: (percent: number) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; orderType: string }) => uploadBulkOrder(input, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    meta: { errorToast: false },
  });
};
