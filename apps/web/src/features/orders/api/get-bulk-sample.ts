import { endpointUrl } from '@/lib/api-client';
import { fetchFile } from '@/lib/download';

/** GET /order/bulk/sample?order_type= → the .xlsx to fill in, read as a blob with the client's headers. */
export async function getBulkSample(orderType: string): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await fetchFile(endpointUrl('getBulkSample', undefined, { order_type: orderType }));
  return { blob, filename: filename ?? 'copydesk-bulk-order.xlsx' };
}
