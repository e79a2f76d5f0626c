import contentDisposition from 'content-disposition';
import { AppError } from '../../lib/app-error.js';
import { DOCX_LIMITS, inspectZip, withTimeout } from '../../lib/zip-guard.js';

/**
 * Delivered Word documents: checked by content (a zip holding `word/document.xml`, within the zip
 * guard's limits) before mammoth reads them, then turned once into a word count and a sanitised
 * reading view. The view has no script, no event attributes, no styles and no images or other
 * elements that would load anything.
 */

const PARSE_TIMEOUT_MS = 20_000;

export interface ReadDocument {
  wordCount: number;
  html: string;
}

/** Words as a reader counts them: letters or digits, joined by apostrophes or hyphens. */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of the rendered view, for the word count (mammoth's HTML is the document's text). */
export function textOfHtml(html: string): string {
  return html
    .replace(/<\/(p|h[1-6]|li|td|th|tr|blockquote|pre)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (whole, name: string) => {
      if (name in ENTITIES) return ENTITIES[name]!;
      if (/^#\d+$/.test(name)) return String.fromCodePoint(Number(name.slice(1)));
      if (/^#x[0-9a-f]+$/i.test(name)) return String.fromCodePoint(parseInt(name.slice(2), 16));
      return whole;
    });
}

export async function sanitizeDocumentHtml(html: string): Promise<string> {
  const sanitize = (await import('sanitize-html')).default;
  return sanitize(html, {
    allowedTags: [
      'p',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'sub',
      'sup',
      'br',
      'ul',
      'ol',
      'li',
      'blockquote',
      'pre',
      'code',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'a',
    ],
    allowedAttributes: { a: ['href', 'id', 'rel', 'target'], li: ['id'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    // Links open elsewhere and tell the target nothing; nothing in the view loads on its own.
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, ...(/^(https?:|mailto:)/i.test(attribs.href ?? '') ? { rel: 'noopener noreferrer nofollow', target: '_blank' } : {}) },
      }),
    },
    disallowedTagsMode: 'discard',
  });
}

/** Checks that `buffer` is a real Word document and reads it; anything else answers 422 'Only .docx files can be delivered.' */
export async function readDocx(buffer: Buffer): Promise<ReadDocument> {
  const verdict = await inspectZip(buffer, DOCX_LIMITS);
  if (!verdict.ok) throw AppError.field('content.only_docx', 'file');
  const mammoth = (await import('mammoth')).default;
  let raw: string;
  try {
    const result = await withTimeout(
      mammoth.convertToHtml(
        { buffer },
        // Images are left out of the reading view (they would be inlined as data); the file has them.
        { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
      ),
      PARSE_TIMEOUT_MS,
      () => AppError.field('content.only_docx', 'file'),
    );
    raw = result.value;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw AppError.field('content.only_docx', 'file');
  }
  const html = await sanitizeDocumentHtml(raw);
  return { wordCount: countWords(textOfHtml(raw)), html };
}

/** A file name people can read and every system accepts: `{id}-{title}` without path characters. */
export function readableFileName(itemId: number, title: string | null, suffix = ''): string {
  const clean = (title ?? '')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what this strips from a file name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .replace(/[. ]+$/, '');
  return `${itemId}${clean ? `-${clean}` : ''}${suffix}.docx`;
}

/**
 * `Content-Disposition: attachment` with the UTF-8 name (RFC 6266, through content-disposition) and,
 * for clients that read only `filename`, the name in ASCII: accents dropped rather than replaced.
 */
export function attachmentHeader(fileName: string): string {
  const ascii =
    fileName
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'download';
  return contentDisposition(fileName, { fallback: ascii });
}
