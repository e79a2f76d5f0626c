import { diffWords } from 'diff';

/** One run of the word-level comparison: kept, added or removed text. */
export type ChangePart = { kind: 'same' | 'added' | 'removed'; text: string };
export type VersionChanges = { parts: ChangePart[]; added: number; removed: number };

/** Elements that end a line of reading text: their text is kept apart from the next block's. */
const BLOCKS = 'p, h1, h2, h3, h4, h5, h6, li, tr, blockquote, pre, br';

/**
 * The reading text of a stored preview (sanitised HTML from the server): block elements become
 * line breaks, so words of two paragraphs never run together.
 */
export function previewText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.body.querySelectorAll(BLOCKS)) el.after(doc.createTextNode('\n'));
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The comparison gives up past this many milliseconds (a whole rewrite of a long document), rather than hold the page. */
const DIFF_TIMEOUT_MS = 1500;

/**
 * What changed from `before` to `after`, word by word (jsdiff's diffWords), with the number of
 * words added and removed; null when the comparison took too long.
 */
export function versionChanges(before: string, after: string): VersionChanges | null {
  const changes = diffWords(before, after, { timeout: DIFF_TIMEOUT_MS });
  if (!changes) return null;
  const parts: ChangePart[] = changes.map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
  return {
    parts,
    added: parts.filter((p) => p.kind === 'added').reduce((n, p) => n + wordsIn(p.text), 0),
    removed: parts.filter((p) => p.kind === 'removed').reduce((n, p) => n + wordsIn(p.text), 0),
  };
}
