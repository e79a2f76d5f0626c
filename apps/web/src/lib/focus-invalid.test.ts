import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstInvalidField, focusFirstInvalid } from './focus-invalid';

function page(html: string) {
  const root = document.createElement('form');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusFirstInvalid', () => {
  it('focuses and scrolls to the first field marked invalid, in the page’s order', async () => {
    const root = page(`
      <input id="name">
      <input id="email" aria-invalid="true">
      <input id="password" aria-invalid="true">
    `);
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;

    const field = await focusFirstInvalid(root);

    expect(field?.id).toBe('email');
    expect(document.activeElement?.id).toBe('email');
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'center' }));
    expect(scrolled.mock.contexts[0]).toBe(field);
  });

  it('waits for marks the form draws after the submit', async () => {
    const root = page('<input id="title"><textarea id="brief"></textarea>');
    const found = focusFirstInvalid(() => root);
    // React draws the errors set by the refused submit after the event: a frame later here.
    requestAnimationFrame(() => root.querySelector('#brief')!.setAttribute('aria-invalid', 'true'));
    expect((await found)?.id).toBe('brief');
    expect(document.activeElement?.id).toBe('brief');
  });

  it('passes over a field in a closed section until it is drawn', () => {
    const root = page('<div id="closed"><input id="hidden" aria-invalid="true"></div><input id="shown" aria-invalid="true">');
    const hidden = root.querySelector<HTMLElement>('#hidden')!;
    hidden.checkVisibility = () => false;
    expect(firstInvalidField(root)?.id).toBe('shown');
    hidden.checkVisibility = () => true;
    expect(firstInvalidField(root)?.id).toBe('hidden');
  });

  it('looks only inside the form it is given, and gives up when nothing is marked', async () => {
    page('<input id="coupon" aria-invalid="true">');
    const form = page('<input id="card">');
    expect(await focusFirstInvalid(form)).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });
});
