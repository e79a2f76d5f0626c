import { useState } from 'react';
import { contentMessages, DOCX_MAX_BYTES, type ContentDocument } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { countDocumentWords, type DocumentWords } from '../api/count-document-words';
import { useUploadDocument } from '../api/upload-document';
import { isDocxName } from '../lib/format';

/** A chosen file and its words, waiting for the admin to confirm the delivery. */
export type ChosenDocx = { file: File; words: DocumentWords };

/**
 * Delivers a .docx for one item in two steps (docs/decisions/0040-review-screen.md): the chosen
 * file's words are counted by the server first (nothing stored), so the admin sees a short file
 * before it reaches the customer; the confirmed file is then delivered. Refuses other files and
 * files over 20 MB before sending, reports progress while a file travels, and toasts the server's
 * success message (a failure is the query client's toast, lib/server-errors.ts). `onDelivered`
 * runs once the item's lists are fresh, even when this component has gone (focus goes there).
 */
export function useDeliverDocx(contentId: number, { onDelivered }: { onDelivered?: (document: ContentDocument) => void } = {}) {
  const [progress, setProgress] = useState(0);
  const [counting, setCounting] = useState(false);
  const [chosen, setChosen] = useState<ChosenDocx | null>(null);
  const upload = useUploadDocument(setProgress);

  const choose = (file: File | null) => {
    if (!file || upload.isPending || counting) return;
    if (!isDocxName(file.name)) return notify.error(contentMessages.onlyDocx);
    if (file.size > DOCX_MAX_BYTES) return notify.error(contentMessages.docxTooLarge);
    setProgress(0);
    setCounting(true);
    countDocumentWords({ id: contentId, file }, setProgress).then(
      (words) => {
        setCounting(false);
        setChosen({ file, words });
      },
      (err: unknown) => {
        setCounting(false);
        reportServerError(err);
      },
    );
  };

  const confirm = () => {
    if (!chosen || upload.isPending) return;
    const { file } = chosen;
    setChosen(null);
    setProgress(0);
    // mutateAsync, not mutate's callbacks: the refreshed item no longer offers the upload, so this
    // component unmounts, and TanStack Query skips the callbacks of an unmounted mutate. It settles
    // after the refetch (upload-document.ts), so the new version is on screen for `onDelivered`.
    // The failure is already toasted centrally; it only must not go unhandled.
    upload.mutateAsync({ id: contentId, file }).then(
      (res) => {
        notify.success(res.message);
        onDelivered?.(res.document);
      },
      () => undefined,
    );
  };

  /** Dropzone refusals: `file-invalid-type`, `file-too-large`, `too-many-files`. */
  const reject = (code: string) => notify.error(code === 'file-too-large' ? contentMessages.docxTooLarge : contentMessages.onlyDocx);

  return { choose, confirm, cancel: () => setChosen(null), chosen, reject, progress, counting, uploading: upload.isPending || counting };
}
