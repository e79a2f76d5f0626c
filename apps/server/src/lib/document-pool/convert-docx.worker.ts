import { brotliCompressSync, constants as zlib } from 'node:zlib';
// Loaded with the worker, before its first job: the job's clock then counts reading, not loading.
import mammoth from 'mammoth';
import { runInBackground } from '../background-priority.js';
import { DOCX_LIMITS, inspectZip } from '../zip-guard.js';
import { countWords, sanitizeDocumentHtml, textOfHtml } from './document-html.js';

/**
 * Runs in a worker process of the document pool (./index.ts), never on the server's event loop: the
 * zip pre-check, mammoth, sanitize-html, the word count and the compression of the stored preview.
 * It tells the pool when it starts a job (the pool's time limit counts from then, not from the
 * upload's arrival) and returns plain data: a word count and the preview's answer body, compressed.
 */
export type DocumentTask =
  | {
      kind: 'convert';
      data: Uint8Array;
      /** Bytes of sanitised HTML past which the preview is refused rather than stored. */
      maxPreviewBytes: number;
    }
  /** A preview stored as plain HTML before previews were compressed: compressed once on its first read. */
  | { kind: 'compress'; html: string };

export type DocumentResult =
  { ok: true; wordCount: number; preview: Uint8Array; previewBytes: number } | { ok: false; reason: 'not-docx' | 'preview-too-large' };

/** The message a worker sends through tinypool's channel when it begins a job. */
export const JOB_STARTED = 'copydesk:document-job-started';

/**
 * The preview's answer is `{"html": …}`, the body of GET /api/content/{id}/preview, stored already
 * serialised and compressed so that a read sends bytes and builds nothing. Brotli at a middle quality:
 * a few times smaller than gzip's output on HTML for a fraction of quality 11's CPU.
 */
export function compressPreview(html: string): { preview: Uint8Array; previewBytes: number } {
  const body = Buffer.from(JSON.stringify({ html }));
  const preview = brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  return { preview, previewBytes: body.length };
}

export default async function convertDocument(task: DocumentTask): Promise<DocumentResult> {
  runInBackground();
  // process.send exists in a child process; tinypool passes messages without its marker to the
  // task's channel (./index.ts), which starts the clock.
  process.send?.({ type: JOB_STARTED, pid: process.pid });
  if (task.kind === 'compress') return { ok: true, wordCount: countWords(textOfHtml(task.html)), ...compressPreview(task.html) };

  const buffer = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  const verdict = await inspectZip(buffer, DOCX_LIMITS);
  if (!verdict.ok) return { ok: false, reason: 'not-docx' };
  let raw: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer },
      // Images are left out of the reading view (they would be inlined as data); the file has them.
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    raw = result.value;
  } catch {
    return { ok: false, reason: 'not-docx' };
  }
  const wordCount = countWords(textOfHtml(raw));
  const html = await sanitizeDocumentHtml(raw);
  if (Buffer.byteLength(html) > task.maxPreviewBytes) return { ok: false, reason: 'preview-too-large' };
  return { ok: true, wordCount, ...compressPreview(html) };
}
