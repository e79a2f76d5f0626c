import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { Select } from './select';

type ToneProps = { searchable?: boolean; clearable?: boolean; allowDeselect?: boolean };

function Tone({ searchable = false, clearable = false, allowDeselect }: ToneProps) {
  const [value, setValue] = useState<string | null>('Casual');
  return (
    <MantineProvider>
      <Select
        label="Writing Tone"
        data={['Casual', 'Formal', 'Friendly']}
        value={value}
        onChange={setValue}
        searchable={searchable}
        clearable={clearable}
        allowDeselect={allowDeselect}
      />
      <button type="button">After</button>
    </MantineProvider>
  );
}

/** The option the combobox points assistive technology at. */
function highlighted(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function focusedSelect(searchable = false, props: ToneProps = {}) {
  const user = userEvent.setup({ delay: null });
  render(<Tone searchable={searchable} {...props} />);
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

  it('opens with the arrows on the current option, and Escape closes it as it was', async () => {
    const { user, input } = await focusedSelect();

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(highlighted(input)).toBe('Casual'));
    await user.keyboard('{ArrowUp}');
    // The list loops: up from the first option is the last.
    expect(highlighted(input)).toBe('Friendly');
    await user.keyboard('{Escape}');

    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Casual');
  });

  it('highlights the current option on Enter in a searchable select that opened as it took focus', async () => {
    const { user, input } = await focusedSelect(true);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(highlighted(input)).toBeNull();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(highlighted(input)).toBe('Casual'));
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(input).toHaveValue('Formal'));
  });

  it('leaves the value alone when Tab leaves with nothing highlighted', async () => {
    const { user, input } = await focusedSelect(true);
    await user.keyboard('{Tab}');

    expect(input).toHaveValue('Casual');
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('clears the current option when it is clicked again, unless deselecting is off', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<Tone />);
    let input = screen.getByRole('combobox', { name: 'Writing Tone' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Casual', hidden: true }));
    expect(input).toHaveValue('');
    unmount();

    render(<Tone allowDeselect={false} />);
    input = screen.getByRole('combobox', { name: 'Writing Tone' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: 'Casual', hidden: true }));
    expect(input).toHaveValue('Casual');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('clears a clearable select with its clear button', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = render(<Tone clearable />);
    const input = screen.getByRole('combobox', { name: 'Writing Tone' });
    // The clear button is out of the tab order and hidden from assistive technology, as Mantine's Select has it.
    // With a value, the clear button sits beside the chevron, as in Mantine's Select.
    expect(container.querySelector('button[aria-hidden="true"] + [data-combobox-chevron]')).not.toBeNull();
    await user.click(container.querySelector('button[aria-hidden="true"]')!);
    expect(input).toHaveValue('');
    expect(container.querySelector('button[aria-hidden="true"]')).toBeNull();
  });
});
