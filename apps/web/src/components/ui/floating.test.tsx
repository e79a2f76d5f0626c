import { useState, type ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionIcon, MantineProvider } from '@mantine/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The stand-ins of floating.ts: the test setup loads the floating layer for every other test, so
 * each test here takes fresh copies of the app's modules, in which it has not loaded yet.
 */
async function freshModules() {
  vi.resetModules();
  const [floating, { Select }, { Menu }, { Tooltip }] = await Promise.all([import('./floating'), import('./select'), import('./menu'), import('./tooltip')]);
  expect(floating.loadedFloatingParts()).toBeUndefined();
  return { floating, Select, Menu, Tooltip };
}

type Modules = Awaited<ReturnType<typeof freshModules>>;
let modules: Modules;
beforeEach(async () => {
  modules = await freshModules();
});

const draw = (ui: ReactNode) => {
  const user = userEvent.setup({ delay: null });
  // env="test": jsdom lays nothing out, so Mantine's check that a list's field is still on screen
  // (which hides the list otherwise) is left out, as Mantine advises for tests.
  render(<MantineProvider env="test">{ui}</MantineProvider>);
  return user;
};

const loaded = () => waitFor(() => expect(modules.floating.loadedFloatingParts()).toBeDefined());

function Tone({ searchable = false, initial = 'Casual', onBlur }: { searchable?: boolean; initial?: string | null; onBlur?: () => void }) {
  const { Select } = modules;
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <Select
        label="Writing Tone"
        name="tone"
        data={['Casual', 'Formal', 'Friendly']}
        value={value}
        onChange={setValue}
        searchable={searchable}
        clearable
        onBlur={onBlur}
      />
      <output>{value ?? 'none'}</output>
    </>
  );
}

/** The option the combobox points assistive technology at. */
function highlighted(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-activedescendant');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('the select before the floating layer has loaded', () => {
  it('draws the same field, read as a closed combobox, and loads nothing until a gesture', async () => {
    draw(<Tone />);
    const input = screen.getByRole('combobox', { name: 'Writing Tone' });
    expect(input).toHaveValue('Casual');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('aria-haspopup', 'listbox');
    expect(input).toHaveAttribute('readonly');
    expect(document.querySelector('input[type="hidden"][name="tone"]')).toHaveValue('Casual');
    expect(screen.getByRole('button', { hidden: true })).toBeInTheDocument(); // the clear button
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(modules.floating.loadedFloatingParts()).toBeUndefined();
  });

  it('hands its focus to the field when focusing it loads the layer', async () => {
    const onBlur = vi.fn();
    const user = draw(<Tone onBlur={onBlur} />);
    const standIn = screen.getByRole('combobox', { name: 'Writing Tone' });

    await user.tab();
    await loaded();

    const field = await waitFor(() => {
      const current = screen.getByRole('combobox', { name: 'Writing Tone' });
      expect(current).not.toBe(standIn);
      return current;
    });
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('Casual');
    // The stand-in leaving the page is not the user leaving the field.
    expect(onBlur).not.toHaveBeenCalled();
  });

  it('opens the list a click asked for before the layer loaded, and takes the option clicked', async () => {
    const user = draw(<Tone />);

    await user.click(screen.getByRole('combobox', { name: 'Writing Tone' }));
    await user.click(await screen.findByRole('option', { name: 'Friendly' }));

    expect(screen.getByRole('status')).toHaveTextContent('Friendly');
    expect(screen.getByRole('combobox', { name: 'Writing Tone' })).toHaveValue('Friendly');
  });

  it('opens the list on the current option for an arrow pressed before the layer loaded', async () => {
    const user = draw(<Tone />);
    screen.getByRole('combobox', { name: 'Writing Tone' }).focus();

    await user.keyboard('{ArrowDown}');

    await waitFor(() => {
      const field = screen.getByRole('combobox', { name: 'Writing Tone' });
      expect(field).toHaveAttribute('aria-expanded', 'true');
      expect(highlighted(field)).toBe('Casual');
      expect(field).toHaveFocus();
    });
  });

  it('keeps what was typed into a searchable select and filters the list by it', async () => {
    const user = draw(<Tone searchable initial={null} />);
    const standIn = screen.getByRole('combobox', { name: 'Writing Tone' });
    expect(standIn).not.toHaveAttribute('readonly');

    await user.click(standIn);
    await user.keyboard('Fr');

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Writing Tone' })).toHaveValue('Fr'));
    expect(await screen.findByRole('option', { name: 'Friendly' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Casual' })).not.toBeInTheDocument();
  });
});

describe('the menu before the floating layer has loaded', () => {
  function AccountMenu({ onProfile }: { onProfile: () => void }) {
    const { Menu } = modules;
    return (
      <Menu target={<button type="button">Account</button>}>
        {(M) => (
          <M.Dropdown>
            <M.Item onClick={onProfile}>Profile</M.Item>
          </M.Dropdown>
        )}
      </Menu>
    );
  }

  it('draws its button alone, read as a closed menu button', () => {
    draw(<AccountMenu onProfile={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Account' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on a click before the layer loaded, and runs the item chosen', async () => {
    const onProfile = vi.fn();
    const user = draw(<AccountMenu onProfile={onProfile} />);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));

    expect(onProfile).toHaveBeenCalledOnce();
  });

  it('gives the focus its button had to the menu button that replaces it', async () => {
    const user = draw(<AccountMenu onProfile={vi.fn()} />);
    const standIn = screen.getByRole('button', { name: 'Account' });

    await user.tab();
    await loaded();

    await waitFor(() => {
      const button = screen.getByRole('button', { name: 'Account' });
      expect(button).not.toBe(standIn);
      expect(button).toHaveFocus();
    });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('the tooltip before the floating layer has loaded', () => {
  function Download() {
    const { Tooltip } = modules;
    return (
      <Tooltip label="Download invoice">
        <ActionIcon aria-label="Download">↓</ActionIcon>
      </Tooltip>
    );
  }

  it('shows its label for the pointer that loaded the layer, without drawing the element again', async () => {
    const user = draw(<Download />);
    const button = screen.getByRole('button', { name: 'Download' });
    button.focus();

    await user.hover(button);

    expect(await screen.findByText('Download invoice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBe(button);
    expect(button).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Download invoice')).not.toBeInTheDocument());
  });

  it('hides its label when the pointer leaves', async () => {
    const user = draw(<Download />);
    const button = screen.getByRole('button', { name: 'Download' });

    await user.hover(button);
    expect(await screen.findByText('Download invoice')).toBeInTheDocument();
    await user.unhover(button);

    await waitFor(() => expect(screen.queryByText('Download invoice')).not.toBeInTheDocument());
  });
});
