/**
 * Every form's one way to take the user to what is wrong after a refused submit: the first field
 * marked `aria-invalid` (in the page's order, which is the order the user reads) is scrolled to the
 * middle of the screen and focused, so a phone shows the problem and a screen reader reads the
 * field with its message (`aria-describedby`). The fields' own messages are drawn by the form
 * (Mantine's `error` prop); this only moves the user to the first of them.
 */

const INVALID = '[aria-invalid="true"]';

/** Frames to wait for the marks to be drawn and a closed section (an accordion item) to open. */
const MAX_FRAMES = 30;

/** Drawn: not inside a closed section (browsers without `checkVisibility` count every field as drawn). */
const visible = (element: Element) => (typeof element.checkVisibility === 'function' ? element.checkVisibility() : true);

/** The first drawn field marked invalid in `root`, or null. */
export function firstInvalidField(root: ParentNode): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(INVALID)) if (visible(element)) return element;
  return null;
}

/** Scrolls `field` to the middle of the screen (at once when the user asks for less motion) and focuses it. */
export function revealField(field: HTMLElement): void {
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  // Focus first without the browser's own scroll, which would leave the field at the screen's edge
  // (under the order form's bottom bar on a phone).
  field.focus({ preventScroll: true });
  field.scrollIntoView?.({ block: 'center', inline: 'nearest', behavior: reduced ? 'auto' : 'instant' });
}

/**
 * After a refused submit: once the form has drawn its marks (the next frames; React draws the
 * errors just set after the event), focuses and scrolls to the first invalid field of `root`
 * (a form element, a dialog, or a function returning one). Resolves with the field, or null when
 * none was drawn in time.
 */
export function focusFirstInvalid(root: ParentNode | null | (() => ParentNode | null) = document): Promise<HTMLElement | null> {
  return new Promise((resolve) => {
    let frames = 0;
    const attempt = () => {
      const scope = typeof root === 'function' ? root() : root;
      const field = scope ? firstInvalidField(scope) : null;
      if (field) {
        revealField(field);
        resolve(field);
      } else if (++frames < MAX_FRAMES) {
        requestAnimationFrame(attempt);
      } else {
        resolve(null);
      }
    };
    requestAnimationFrame(attempt);
  });
}
