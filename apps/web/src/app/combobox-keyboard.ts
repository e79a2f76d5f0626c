/**
 * Keyboard for Mantine's Select as the WAI-ARIA combobox pattern describes it
 * (w3.org/WAI/ARIA/apg/patterns/combobox), for every Select in the app at once. Mantine 9.7 misses:
 * - Enter or Space on a closed select-only box opens it with nothing highlighted (a second Enter then
 *   "picks" the current value, which deselects it), where the pattern opens it on the current option;
 *   the same in a list that is open with nothing highlighted (a searchable select opens on focus);
 * - Space in an open select-only box closes it instead of picking the highlighted option;
 * - Enter with no option highlighted, or on the current one, picks the current one again, which
 *   deselects it (clears the field);
 * - Tab leaves without taking the highlighted option.
 * Arrows, Home/End-free navigation and Escape stay Mantine's. Installed once (RouteGuardOutlet); it
 * listens on the document in the capture phase, so it runs before React's handlers and can replace
 * them for the keys it handles by stopping the event there.
 */

const isComboboxInput = (target: EventTarget | null): target is HTMLInputElement =>
  target instanceof HTMLInputElement && target.getAttribute('role') === 'combobox' && target.getAttribute('aria-haspopup') === 'listbox';

/** Mantine's Select (not Autocomplete, whose text is free and may match no option). */
const isSelect = (input: HTMLInputElement) => input.classList.contains('mantine-Select-input');

function listOf(input: HTMLInputElement): HTMLElement | null {
  if (input.getAttribute('aria-expanded') !== 'true') return null;
  const id = input.getAttribute('aria-controls');
  return id ? input.ownerDocument.getElementById(id) : null;
}

const optionsOf = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>('[data-combobox-option]:not([data-combobox-disabled])')];

/** Mantine reads `code`; a key it should see as the user's own press. */
function press(input: HTMLInputElement, code: 'ArrowDown' | 'ArrowUp' | 'Escape') {
  input.dispatchEvent(new KeyboardEvent('keydown', { key: code, code, bubbles: true, cancelable: true }));
}

/**
 * Moves Mantine's highlight (its own arrow-key handling, which also sets aria-activedescendant) to
 * the option of the current value, or the first one.
 */
function highlightCurrent(input: HTMLInputElement) {
  const list = listOf(input);
  if (!list) return false;
  const options = optionsOf(list);
  if (options.length === 0) return false;
  const wanted = options.find((option) => option.hasAttribute('data-combobox-active')) ?? options[0]!;
  for (let step = 0; step <= options.length && !wanted.hasAttribute('data-combobox-selected'); step++) {
    const current = options.findIndex((option) => option.hasAttribute('data-combobox-selected'));
    press(input, current !== -1 && current > options.indexOf(wanted) ? 'ArrowUp' : 'ArrowDown');
  }
  return true;
}

/** Waits a few frames for the list to be drawn after it was opened, then highlights. */
function highlightWhenOpen(input: HTMLInputElement, frames = 10) {
  if (highlightCurrent(input) || frames === 0) return;
  requestAnimationFrame(() => highlightWhenOpen(input, frames - 1));
}

function stop(event: KeyboardEvent) {
  event.preventDefault();
  event.stopPropagation();
}

function onKeyDown(event: KeyboardEvent) {
  const input = event.target;
  if (event.isComposing || event.altKey || event.ctrlKey || event.metaKey || !isComboboxInput(input) || !isSelect(input)) return;
  if (input.disabled || input.getAttribute('aria-readonly') === 'true') return;
  const selectOnly = input.readOnly;
  const list = listOf(input);
  const highlighted = list?.querySelector<HTMLElement>('[data-combobox-selected]') ?? null;

  if (!list) {
    // Closed: Enter and Space (Space only where typing is not possible) open on the current option.
    if (event.code === 'Enter' || (event.code === 'Space' && selectOnly)) {
      stop(event);
      press(input, 'ArrowDown');
      highlightWhenOpen(input);
    }
    return;
  }

  if (event.code === 'Enter' || (event.code === 'Space' && selectOnly)) {
    stop(event);
    // Open with nothing highlighted (a searchable select opens as it takes focus): as when opening.
    if (!highlighted) highlightCurrent(input);
    // The current value highlighted: keep it (Mantine's click would deselect it) and close.
    else if (highlighted.hasAttribute('data-combobox-active')) press(input, 'Escape');
    else highlighted.click();
    return;
  }

  // Tab takes the highlighted option along (unless it is the value already: a click would deselect
  // it), then moves on as usual.
  if (event.code === 'Tab' && highlighted && !highlighted.hasAttribute('data-combobox-active')) highlighted.click();
}

export function installComboboxKeyboard(doc: Document = document): () => void {
  doc.addEventListener('keydown', onKeyDown, true);
  return () => doc.removeEventListener('keydown', onKeyDown, true);
}
