import { endpointUrl } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** GET /order/{id}/export → a .zip of the order's delivered files; 404 {message} when nothing is delivered yet. */
export const exportOrder = (id: number) => downloadFile(endpointUrl('exportOrder', { id }), { fallbackName: `order-${id}-delivered.zip` });
