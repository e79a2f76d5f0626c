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
 * row or a card, found again by its name in its list should the list have been drawn anew), else the row
 * itself; else the list, when the row has left it (a filter no longer matches); else the page's heading.
 * Gives up after `timeoutMs`.
 *
 * Called as the action starts, while `control` is still in its row: it answers the function to call once
 * the action has succeeded (by then the refreshed list may have removed the control already).
 */
export function keepFocusInRow(control: HTMLElement, timeoutMs = 15_000): () => void {
  const row = control.closest<HTMLElement>('tr, li');
  const list = row?.closest<HTMLElement>('table, ul, ol') ?? null;
  const name = row?.getAttribute('aria-label');
  const listName = list?.getAttribute('aria-label');
  const listNow = () =>
    list?.isConnected ? list : listName ? document.querySelector<HTMLElement>(`:is(table, ul, ol)[aria-label="${CSS.escape(listName)}"]`) : null;
  const rowNow = () => {
    if (row?.isConnected) return row;
    const current = listNow();
    return name && current ? current.querySelector<HTMLElement>(`:is(tr, li)[aria-label="${CSS.escape(name)}"]`) : null;
  };
  let until = 0;
  const step = () => {
    const waiting = Date.now() < until;
    if (control.isConnected) {
      if (waiting) setTimeout(step, 50);
      return;
    }
    if (!focusLost(control)) return;
    const found = rowNow();
    // The list is being drawn again (a moment of placeholders): wait for its rows.
    if (!found && waiting && (!listNow() || listNow()!.getAttribute('aria-busy') === 'true')) {
      setTimeout(step, 50);
      return;
    }
    if (found) focusElement(found.querySelector<HTMLElement>('button:not(:disabled)') ?? found);
    else if (listNow()) focusElement(listNow()!);
    else focusPageHeading();
  };
  return () => {
    until = Date.now() + timeoutMs;
    step();
  };
}
