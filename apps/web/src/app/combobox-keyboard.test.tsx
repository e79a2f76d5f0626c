import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider, Select } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installComboboxKeyboard } from './combobox-keyboard';

function Tone({ searchable = false }: { searchable?: boolean }) {
  const [value, setValue] = useState<string | null>('Casual');
  return (
    <MantineProvider>
      <Select label="Writing Tone" data={['Casual', 'Formal', 'Friendly']} value={value} onChange={setValue} searchable={searchable} />
      <button type="button">After</button>
    </MantineProvider>
  );
}

/** The option the combobox points assistive technology at. */
function highlighted(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

let uninstall: () => void;
beforeEach(() => {
  uninstall = installComboboxKeyboard();
});
afterEach(() => uninstall());

async function focusedSelect(searchable = false) {
  const user = userEvent.setup({ delay: null });
  render(<Tone searchable={searchable} />);
  const input = screen.getByRole('combobox', { name: 'Writing Tone' });
  await user.tab();
  expect(input).toHaveFocus();
  return { user, input };
}

describe('select keyboard (WAI-ARIA combobox)', () => {
  it('opens with Enter on the current option, moves with the arrows and picks with Space', async () => {
    const { user, input } = await focusedSelect();

    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(highlighted(input)).toBe('Casual'));
    await user.keyboard('{ArrowDown}');
    expect(highlighted(input)).toBe('Formal');
    await user.keyboard(' ');

    await waitFor(() => expect(input).toHaveValue('Formal'));
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveFocus();
  });

  it('opens with Space and picks with Enter', async () => {
    const { user, input } = await focusedSelect();

    await user.keyboard(' ');
    await waitFor(() => expect(highlighted(input)).toBe('Casual'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    await waitFor(() => expect(input).toHaveValue('Friendly'));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the value when Enter confirms the current option', async () => {
    const { user, input } = await focusedSelect();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(highlighted(input)).toBe('Casual'));
    await user.keyboard('{Enter}');

    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Casual');
  });

  it('takes the highlighted option along when Tab leaves', async () => {
    const { user, input } = await focusedSelect();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(highlighted(input)).toBe('Casual'));
    await user.keyboard('{ArrowDown}{Tab}');

    await waitFor(() => expect(input).toHaveValue('Formal'));
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('lets a searchable select filter, then picks the arrowed match with Enter', async () => {
    const { user, input } = await focusedSelect(true);

    await user.clear(input);
    await user.keyboard('Fri{ArrowDown}');
    expect(highlighted(input)).toBe('Friendly');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(input).toHaveValue('Friendly'));
  });
});
