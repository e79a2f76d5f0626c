import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { appWrapper } from '@/test/utils';
import { ZipCodeInput } from './zip-code-input';

/** The Zip Code of every address form: codes of any country, as typed. */

function renderField() {
  const values: string[] = [];
  function Field() {
    const [value, setValue] = useState('');
    return (
      <ZipCodeInput
        required
        value={value}
        onChange={(next) => {
          values.push(next);
          setValue(next);
        }}
      />
    );
  }
  const { Wrapper } = appWrapper();
  render(
    <Wrapper>
      <Field />
    </Wrapper>,
  );
  return { user: userEvent.setup({ delay: null }), input: screen.getByRole('textbox', { name: /^Zip Code/ }), values };
}

describe('ZipCodeInput', () => {
  it.each(['CA12 5AB', 'K1A 0B1', '1234 AB', '12345-6789'])('keeps %s as typed', async (zip) => {
    const { user, input, values } = renderField();
    await user.type(input, zip);
    await user.tab();
    expect(input).toHaveValue(zip);
    expect(values.at(-1)).toBe(zip);
    expect(screen.queryByText(messages.zipCodeInvalid)).not.toBeInTheDocument();
  });

  it('offers the full keyboard and the browser’s postal code', () => {
    const { input } = renderField();
    expect(input).not.toHaveAttribute('inputmode');
    expect(input).not.toHaveAttribute('maxlength');
    expect(input).toHaveAttribute('autocomplete', 'postal-code');
  });

  it('says under the field, once it is left, a code the server refuses, and follows the typing from then on', async () => {
    const { user, input } = renderField();
    await user.type(input, '12345-67890');
    expect(screen.queryByText(messages.zipCodeInvalid)).not.toBeInTheDocument();
    await user.tab();
    expect(input).toHaveAccessibleDescription(messages.zipCodeInvalid);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, '{Backspace}');
    expect(screen.queryByText(messages.zipCodeInvalid)).not.toBeInTheDocument();
    await user.type(input, '_');
    expect(screen.getByText(messages.zipCodeInvalid)).toBeInTheDocument();
  });
});
