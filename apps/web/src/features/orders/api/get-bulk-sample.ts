import { messages } from '@copydesk/shared';
import { ApiError, apiUrl, toApiError } from '@/lib/api-client';
import { clearSession, getToken } from '@/lib/auth';

/**
 * GET /order/bulk/sample?order_type= → the .xlsx to fill in. The one client parses JSON, so the
 * workbook is read here as a blob, with the same headers and the same error handling.
 */
export async function getBulkSample(orderType: string): Promise<{ blob: Blob; filename: string }> {
  const token = getToken();
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl('/order/bulk/sample', { order_type: orderType }), { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, messages.networkError);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: toApiError uses the text or a default message
    }
    if (response.status === 401 && token) clearSession();
    throw toApiError(response.status, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'copydesk-bulk-order.xlsx';
  return { blob: await response.blob(), filename };
}

/** Saves a blob under `filename` through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
