import { useState } from 'react';
import { contentMessages, DOCX_MAX_BYTES } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import { useUploadDocument } from '../api/upload-document';
import { isDocxName } from '../lib/format';

/**
 * Delivers a .docx for one item: refuses other files and files over 20 MB before sending,
 * reports progress while the file travels, and toasts the server's success message (a failure is
 * the query client's toast, lib/server-errors.ts).
 */
export function useDeliverDocx(contentId: number) {
  const [progress, setProgress] = useState(0);
  const upload = useUploadDocument(setProgress);

  const deliver = (file: File | null) => {
    if (!file || upload.isPending) return;
    if (!isDocxName(file.name)) return notify.error(contentMessages.onlyDocx);
    if (file.size > DOCX_MAX_BYTES) return notify.error(contentMessages.docxTooLarge);
    setProgress(0);
    // mutateAsync, not mutate's callbacks: the refreshed item no longer offers the upload, so this
    // component unmounts, and TanStack Query skips the callbacks of an unmounted mutate.
    // The failure is already toasted centrally; it only must not go unhandled.
    upload.mutateAsync({ id: contentId, file }).then(
      (res) => notify.success(res.message),
      () => undefined,
    );
  };

  /** Dropzone refusals: `file-invalid-type`, `file-too-large`, `too-many-files`. */
  const reject = (code: string) => notify.error(code === 'file-too-large' ? contentMessages.docxTooLarge : contentMessages.onlyDocx);

  return { deliver, reject, progress, uploading: upload.isPending };
}
