import { endpointUrl } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** GET /content/downloadActivity/{logId} → the file an activity entry refers to. */
export const downloadActivityFile = (logId: number, filename: string | null) =>
  downloadFile(endpointUrl('downloadActivityFile', { id: logId }), { fallbackName: filename || `activity-${logId}.docx` });
