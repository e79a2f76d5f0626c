/**
 * The reading view of a delivered Word document, built in a worker of the document pool
 * (./convert-docx.worker.ts) from mammoth's HTML: a word count and a sanitised view with no script,
 * no event attributes, no styles, no images or other elements that would load anything, and no
 * `id` or `name` (a bookmark named `cookie` or `__proto__` would otherwise become a named element of
 * the page that shows the view, which scripts can reach as `document.cookie` or `window.__proto__`).
 */

import sanitize from 'sanitize-html';

/** Words as a reader counts them: letters or digits, joined by apostrophes or hyphens. */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  let count = 0;
  // Counted without building the array of every word: a long document has millions.
  for (const _ of text.matchAll(WORD)) count += 1;
  return count;
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
    // No `id` and no `name` on any element (see above).
    allowedAttributes: { a: ['href', 'rel', 'target'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
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
