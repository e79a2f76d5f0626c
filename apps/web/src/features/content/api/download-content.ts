import { type ContentDocument } from '@copydesk/shared';
import { fetchFile } from '@/lib/api-client';
import { saveFile } from '@/lib/download';

/**
 * GET /content/download/{id}[?document={documentId}] → the delivered .docx (the latest version
 * without `document`), saved under the server's file name.
 */
export const downloadContent = (id: number, document?: Pick<ContentDocument, 'id' | 'version'>) =>
  saveFile(
    fetchFile('downloadContent', { params: { id }, query: { document: document?.id } }),
    document ? `item-${id}-v${document.version}.docx` : `item-${id}.docx`,
  );
