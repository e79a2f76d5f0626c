import { type ContentDocument } from '@copydesk/shared';
import { endpointUrl } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/**
 * GET /content/download/{id}[?document={documentId}] → the delivered .docx (the latest version
 * without `document`), saved under the server's file name.
 */
export const downloadContent = (id: number, document?: Pick<ContentDocument, 'id' | 'version'>) =>
  downloadFile(endpointUrl('downloadContent', { id }, { document: document?.id }), {
    fallbackName: document ? `item-${id}-v${document.version}.docx` : `item-${id}.docx`,
  });
