import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Breakable } from './breakable';

/** Where a long value may wrap: the pieces between its line-break opportunities (<wbr>). */
function pieces(text: string): string[] {
  const { container } = render(<Breakable text={text} />);
  return container.innerHTML.split('<wbr>');
}

describe('Breakable', () => {
  it('lets an email address wrap after its @ only, never inside a name or at a dot', () => {
    expect(pieces('ada.lovelace@analytical-engines.example.com')).toEqual(['ada.lovelace@', 'analytical-', 'engines.example.com']);
    expect(pieces('admin@example.com')).toEqual(['admin@', 'example.com']);
  });

  it('keeps a value without break points whole, its text unchanged', () => {
    const { container } = render(<Breakable text="Wallet" />);
    expect(container.innerHTML).toBe('Wallet');
    expect(render(<Breakable text="a_b/c-d@e" />).container.textContent).toBe('a_b/c-d@e');
  });
});
