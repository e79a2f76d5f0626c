import { Profiler } from 'react';
import { render, screen } from '@testing-library/react';
import { MantineProvider, TextInput } from '@mantine/core';
import { describe, expect, it } from 'vitest';

/**
 * Mantine's useId swapped React's id for a random one in a layout effect after mount, so every
 * component with an id was drawn a second time in the task of the first commit
 * (patches/@mantine+hooks+9.7.3.patch, docs/decisions/0048-short-tasks-after-first-paint.md).
 */
describe("Mantine's ids", () => {
  it('are drawn once: the id React gave a field is kept, with no second commit after mount', () => {
    const phases: string[] = [];
    render(
      <MantineProvider env="test">
        <Profiler id="field" onRender={(_id, phase) => phases.push(phase)}>
          <TextInput label="Title" description="As it will be published" />
        </Profiler>
      </MantineProvider>,
    );
    expect(phases).toEqual(['mount']);
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input.id).toMatch(/^mantine-/);
    expect(input).toHaveAccessibleDescription('As it will be published');
  });

  it('keeps an id given by the caller', () => {
    render(
      <MantineProvider env="test">
        <TextInput id="order-title" label="Title" />
      </MantineProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('id', 'order-title');
  });
});
