import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { appWrapper } from '@/test/utils';
import { PhoneField, type Country } from './phone-field';

/** The phone field says a number the server would refuse under itself, by the server's own rule. */

function renderField(country: Country = 'GB') {
  const values: (string | undefined)[] = [];
  function Field() {
    const [value, setValue] = useState<string | undefined>();
    return (
      <PhoneField
        label="Phone Number"
        required
        country={country}
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
      <button type="button">Next</button>
    </Wrapper>,
  );
  return { user: userEvent.setup({ delay: null }), input: screen.getByRole('textbox', { name: /^Phone Number/ }), values };
}

describe('PhoneField', () => {
  it('takes +44 7700 900123, formatted, as the E.164 the server stores', async () => {
    const { user, input, values } = renderField();
    expect(input).toHaveValue('+44');
    await user.type(input, '7700900123');
    await user.tab();
    expect(input).toHaveValue('+44 7700 900123');
    expect(values.at(-1)).toBe('+447700900123');
    expect(screen.queryByText(messages.phoneInvalid)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('says nothing while a first number is typed, then says a number the server refuses under the field once it is left', async () => {
    const { user, input } = renderField();
    await user.type(input, '770090');
    expect(screen.queryByText(messages.phoneInvalid)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const error = screen.getByText(messages.phoneInvalid);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(messages.phoneInvalid);
    expect(error.id).toBeTruthy();

    // From then on it follows the typing: complete, the message goes; too long, it comes back.
    await user.type(input, '0123');
    expect(input).toHaveValue('+44 7700 900123');
    expect(screen.queryByText(messages.phoneInvalid)).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.type(input, '45');
    expect(screen.getByText(messages.phoneInvalid)).toBeInTheDocument();
  });

  it('checks US and German numbers by the same rule', async () => {
    const { user, input, values } = renderField('US');
    await user.type(input, '2025550123');
    await user.tab();
    expect(input).toHaveValue('+1 202 555 0123');
    expect(values.at(-1)).toBe('+12025550123');
    expect(screen.queryByText(messages.phoneInvalid)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Phone number country' }), 'DE');
    await user.type(input, '30123456');
    expect(values.at(-1)).toBe('+4930123456');
    expect(screen.queryByText(messages.phoneInvalid)).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '1');
    expect(values.at(-1)).toBe('+491');
    expect(screen.getByText(messages.phoneInvalid)).toBeInTheDocument();
  });

  it('draws a country stored in small letters (an API sign-up sent `us`)', async () => {
    const { user, input, values } = renderField('us' as Country);
    expect(input).toHaveValue('+1');
    await user.type(input, '2025550123');
    expect(values.at(-1)).toBe('+12025550123');
  });
});
