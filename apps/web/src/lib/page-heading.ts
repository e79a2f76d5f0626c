/**
 * The page's main heading as a focus target: where focus goes when a screen changes (route change,
 * a step of the order form, a guide closing), so keyboard and screen-reader users start reading at
 * the new content instead of at the top of the document (focus would otherwise fall to <body>).
 */
export function pageHeading(doc: Document = document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
}

/** Focuses the page's main heading (made focusable by script only, tabindex -1); false when there is none. */
export function focusPageHeading(doc: Document = document): boolean {
  const heading = pageHeading(doc);
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.setAttribute('data-page-heading', '');
  heading.focus();
  return doc.activeElement === heading;
}
