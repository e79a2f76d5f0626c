/**
 * How a brief's text fields read: links and keywords. Plain functions, kept out of the Zod
 * contracts that use them (schemas/orders.ts), so that a screen showing a brief does not load Zod.
 */

/** http(s) URLs with a dotted host, as a person would type them. */
export function isValidLink(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.[a-z]{2,}$/i.test(url.hostname);
  } catch {
    return false;
  }
}

export function splitKeywords(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(';')
    .map((k) => k.trim())
    .filter(Boolean);
}
