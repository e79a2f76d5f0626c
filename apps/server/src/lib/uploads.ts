import type { FastifyRequest } from 'fastify';
import { unsafeTextCode, unsafeTextIn } from '@copydesk/shared';
import { AppError } from './app-error.js';

export interface MultipartUpload {
  /** Bytes of the file field, or null when the request has none. Empty when over the limit. */
  file: Buffer | null;
  /** True when the file was larger than `maxBytes`. */
  tooLarge: boolean;
  /** Plain text fields (first value of each). */
  fields: Record<string, string>;
  /** The file part's name and content type as the client sent them (null without a file): what the sender says the file is. */
  fileName: string | null;
  fileType: string | null;
}

/**
 * Reads one file field and any text fields of a multipart request into memory, keeping at most
 * `maxBytes` of the file. Past the limit it keeps draining the body, so the client gets an answer
 * rather than a reset connection. Returns null when the request is not readable multipart.
 * A field name, field value or file name holding a NUL or an unpaired surrogate is a 422 on that
 * field, as in a JSON body (plugins/input-guard.ts); the body is drained first.
 */
export async function readMultipart(
  request: FastifyRequest,
  { fileField, maxBytes }: { fileField: string; maxBytes: number },
): Promise<MultipartUpload | null> {
  if (!request.isMultipart()) return null;
  const result: MultipartUpload = { file: null, tooLarge: false, fields: {}, fileName: null, fileType: null };
  // The first name or text holding a NUL or an unpaired surrogate; after it the body is only drained.
  const refused: { error: AppError | null } = { error: null };
  const clean = (field: string, text: string | undefined) => {
    const problem = unsafeTextIn(field) ?? (text === undefined ? null : unsafeTextIn(text));
    if (problem) refused.error ??= AppError.field(unsafeTextCode(problem), unsafeTextIn(field) ? 'body' : field);
    return refused.error === null;
  };
  try {
    // The parser stops at twice the limit; up to there the body is drained and measured.
    for await (const part of request.parts({ limits: { fileSize: maxBytes * 2 + 1 } })) {
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : undefined;
        if (clean(part.fieldname, value) && value !== undefined && !(part.fieldname in result.fields)) result.fields[part.fieldname] = value.slice(0, 1000);
        continue;
      }
      if (!clean(part.fieldname, part.filename) || part.fieldname !== fileField || result.file) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      }
      result.fileName = part.filename || null;
      result.fileType = part.mimetype || null;
      result.tooLarge = size > maxBytes || part.file.truncated;
      result.file = result.tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { ...result, file: Buffer.alloc(0), tooLarge: true };
    // A broken multipart body (no boundary, cut short) is bad input, not a server fault.
    request.log.info({ err }, 'unreadable multipart upload');
    return null;
  }
  if (refused.error) throw refused.error;
  return result;
}
