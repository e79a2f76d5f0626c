import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages, type BulkOrderResponse } from '@copydesk/shared';
import { ApiError, apiUrl, toApiError } from '@/lib/api-client';
import { clearSession, getToken } from '@/lib/auth';
import { ordersQueryKey } from './get-orders';

/**
 * POST /order/bulk (multipart `file`, `order_type`) → {message, order:{id}, rejected:[{row, reasons}]}.
 * Sent with XMLHttpRequest because fetch reports no upload progress; headers and errors follow
 * the one API client.
 */
export function uploadBulkOrder(
  { file, orderType }: { file: File; orderType: string },
  onProgress?: (percent: number) => void,
): Promise<BulkOrderResponse> {
  const form = new FormData();
  form.append('order_type', orderType);
  form.append('file', file);
  const token = getToken();

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/order/bulk'));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, messages.networkError));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as BulkOrderResponse);
      if (xhr.status === 401 && token) clearSession();
      reject(toApiError(xhr.status, body));
    };
    xhr.send(form);
  });
}

export const useUploadBulkOrder = (onProgress: (percent: number) => void) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; orderType: string }) => uploadBulkOrder(input, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
};
