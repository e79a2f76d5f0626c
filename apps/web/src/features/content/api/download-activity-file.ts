import { fetchFile } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/** GET /content/downloadActivity/{logId} → the file an activity entry refers to. */
export const downloadActivityFile = (logId: number, filename: string | null) =>
  saveFile(fetchFile('downloadActivityFile', { params: { id: logId } }), filename || `activity-${logId}.docx`);
