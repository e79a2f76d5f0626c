import { fetchFile } from '@/lib/api-client';

/** GET /order/bulk/sample?order_type= → the .xlsx to fill in, read as a blob with the client's headers. */
export async function getBulkSample(orderType: string): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await fetchFile('getBulkSample', { query: { order_type: orderType } });
  return { blob, filename: filename ?? 'copydesk-bulk-order.xlsx' };
}
