import contentDisposition from 'content-disposition';
import { AppError } from '../../lib/app-error.js';
import { DocumentPoolError, type DocumentPool } from '../../lib/document-pool/index.js';

/**
 * Delivered Word documents: checked by content (a zip holding `word/document.xml`, within the zip
 * guard's limits), read by mammoth, turned once into a word count and a sanitised reading view, in a
 * worker process of the document pool (lib/document-pool), never on the event loop. The view has no
 * script, no event attributes, no styles, no ids or names, and no images or other elements that
 * would load anything.
 */

export interface ReadDocument {
  wordCount: number;
  /** The preview answer's body (`{"html": …}`), compressed with brotli. */
  preview: Buffer;
}

/** What the pool's refusals and failures mean to the writer who delivers, each on `file`. */
function poolFailure(err: DocumentPoolError): AppError {
  switch (err.reason) {
    case 'busy':
      return new AppError('content.documents_busy');
    case 'failed':
      return AppError.field('content.docx_too_heavy', 'file');
    case 'timeout':
      return AppError.field('content.docx_too_slow', 'file');
    case 'closed':
      return new AppError('content.documents_unavailable');
  }
}

/** Checks that `buffer` is a real Word document and reads it; anything else answers 422 on `file`. */
export async function readDocx(documents: DocumentPool, buffer: Buffer): Promise<ReadDocument> {
  let result;
  try {
    result = await documents.convert(buffer);
  } catch (err) {
    if (err instanceof DocumentPoolError) throw poolFailure(err);
    throw err;
  }
  if (!result.ok) throw AppError.field(result.reason === 'preview-too-large' ? 'content.preview_too_large' : 'content.only_docx', 'file');
  const { preview } = result;
  return { wordCount: result.wordCount, preview: Buffer.from(preview.buffer, preview.byteOffset, preview.byteLength) };
}

/**
 * What a file name may not hold: control characters, path and shell-unfriendly characters, and the
 * bidirectional controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069, the marks
 * U+200E, U+200F and U+061C), which make `evil`, U+202E, `xcod.exe` read as `evilexe.docx`.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this strips from a file name
const UNSAFE_IN_FILE_NAME = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** A name without unsafe characters, runs of spaces or trailing dots: what every system accepts. */
export function safeFileName(name: string): string {
  return name
    .normalize('NFC')
    .replace(UNSAFE_IN_FILE_NAME, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
}

/** A file name people can read and every system accepts: `{id}-{title}` without path characters. */
export function readableFileName(itemId: number, title: string | null, suffix = ''): string {
  const clean = safeFileName(title ?? '')
    .slice(0, 100)
    .replace(/[. ]+$/, '');
  return `${itemId}${clean ? `-${clean}` : ''}${suffix}.docx`;
}

/**
 * `Content-Disposition: attachment` with the UTF-8 name (RFC 6266, through content-disposition) and,
 * for clients that read only `filename`, the name in ASCII: accents dropped rather than replaced.
 * The name is made safe here too: a stored name (an activity's file) may predate the rules above.
 */
export function attachmentHeader(fileName: string): string {
  const safe = safeFileName(fileName) || 'download';
  const ascii =
    safe
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'download';
  return contentDisposition(safe, { fallback: ascii });
}
