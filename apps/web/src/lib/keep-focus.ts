import { focusPageHeading } from './page-heading';

/** Focuses an element, making it focusable by script only (tabindex -1) when it is not by nature. */
export function focusElement(element: HTMLElement): boolean {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
  return document.activeElement === element;
}

/** Focus has gone nowhere: the document itself, or an element that has left the page. */
const focusLost = (gone: HTMLElement) => {
  const active = document.activeElement;
  return !active || active === document.body || active === gone || !active.isConnected;
};

/**
 * After an action that replaces the control that started it (Take becomes Upload .docx), focus would
 * fall to the top of the document. This waits until `control` has left the page, then, unless the user
 * has moved on, focuses the next sensible place: the first enabled button of the control's row (a table
 * row or a card), else the row itself, else the list the row was in (the row left it: a filter no longer
 * matches), else the page's heading. Gives up after `timeoutMs` if the control stays.
 */
export function keepFocusInRow(control: HTMLElement, timeoutMs = 5000) {
  const row = control.closest<HTMLElement>('tr, li');
  const list = row?.closest<HTMLElement>('table, ul, ol') ?? null;
  // The row again, should the list have drawn it anew: the same name in the same list.
  const name = row?.getAttribute('aria-label');
  const rowNow = () =>
    row?.isConnected ? row : name && list?.isConnected ? list.querySelector<HTMLElement>(`:is(tr, li)[aria-label="${CSS.escape(name)}"]`) : null;
  const until = Date.now() + timeoutMs;
  const step = () => {
    if (control.isConnected) {
      if (Date.now() < until) setTimeout(step, 50);
      return;
    }
    if (!focusLost(control)) return;
    const found = rowNow();
    if (found) focusElement(found.querySelector<HTMLElement>('button:not(:disabled)') ?? found);
    else if (list?.isConnected) focusElement(list);
    else focusPageHeading();
  };
  step();
}
