import { fetchFile } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/** GET /order/{id}/export → a .zip of the order's delivered files; 404 {message} when nothing is delivered yet. */
export const exportOrder = (id: number) => saveFile(fetchFile('exportOrder', { params: { id } }), `order-${id}-delivered.zip`);
