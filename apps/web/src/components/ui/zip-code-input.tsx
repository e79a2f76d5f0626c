import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { zipCodeProblem } from '@copydesk/shared';

export type ZipCodeInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'error'> & {
  value: string;
  onChange: (value: string) => void;
  /** `true` for a red border only, a string to also show it under the field. */
  error?: boolean | string;
};

/**
 * The Zip Code of every address form (card forms, My Account): letters, digits, spaces and hyphens,
 * kept as typed, never cut short. From its first blur on, a code the server would refuse says so
 * under the field as it is typed (`zipCodeProblem`, packages/shared/src/zip-code.ts).
 */
export function ZipCodeInput({ value, onChange, error, onBlur, label = 'Zip Code', ...props }: ZipCodeInputProps) {
  const [left, setLeft] = useState(false);
  const problem = left ? zipCodeProblem(value) : null;
  return (
    <TextInput
      label={label}
      autoComplete="postal-code"
      autoCapitalize="characters"
      spellCheck={false}
      {...props}
      value={value}
      error={typeof error === 'string' ? error : (problem ?? error)}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => {
        setLeft(true);
        onBlur?.(e);
      }}
    />
  );
}
