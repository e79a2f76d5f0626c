import 'react-phone-number-input/style.css';
import { forwardRef, useId, useState, type ComponentPropsWithoutRef } from 'react';
import { Input } from '@mantine/core';
import PhoneInput, { type Country } from 'react-phone-number-input';
import { phoneCountry, phoneProblem } from '@copydesk/shared';
import classes from './phone-field.module.css';

export type { Country };

type PhoneTextInputProps = Omit<ComponentPropsWithoutRef<'input'>, 'size'> & { invalid?: boolean };

/** The number box, drawn as a Mantine input so borders, focus and error colours match the form. */
const PhoneTextInput = forwardRef<HTMLInputElement, PhoneTextInputProps>(function PhoneTextInput({ invalid, ...props }, ref) {
  return <Input ref={ref} {...props} error={invalid} className={classes.input} />;
});

export type PhoneFieldProps = {
  label: string;
  /** E.164 (`+12025550123`) or undefined while empty or incomplete. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The ISO country of the selected calling code (`US`). */
  country?: Country;
  onCountryChange?: (country: Country | undefined) => void;
  required?: boolean;
  /** `true` for a red border only, a string to also show it under the field. */
  error?: boolean | string;
  description?: string;
  disabled?: boolean;
  onBlur?: () => void;
};

/**
 * International phone input with a country select, storing E.164. From its first blur on, a number
 * the server would refuse says so under the field as it is typed: the check is the server's own
 * (`phoneProblem`, packages/shared/src/phone.ts), so what the field formats is what the server takes.
 */
export function PhoneField({ label, value, onChange, country, onCountryChange, required, error, description, disabled, onBlur }: PhoneFieldProps) {
  const id = useId();
  const [left, setLeft] = useState(false);
  const problem = left ? phoneProblem(value, country) : null;
  const shown = typeof error === 'string' ? error : (problem ?? undefined);
  return (
    <Input.Wrapper id={id} label={label} required={required} error={shown} description={description}>
      <PhoneInput
        id={id}
        className={classes.root}
        containerComponentProps={{ 'data-error': error || problem ? true : undefined }}
        international
        countryCallingCodeEditable={false}
        // A country stored as sent (`us`) would stop the library from drawing the field.
        defaultCountry={phoneCountry(country) ?? 'US'}
        // The app's own copy of the flag images: the default points at an external site.
        flagUrl={__COUNTRY_FLAG_URL__}
        value={value || undefined}
        onChange={(next) => onChange(next || undefined)}
        onCountryChange={onCountryChange}
        inputComponent={PhoneTextInput}
        invalid={Boolean(error || problem)}
        aria-invalid={error || problem ? true : undefined}
        // The wrapper draws the message with this id (Mantine's Input.Wrapper: `${id}-error`).
        aria-describedby={shown ? `${id}-error` : undefined}
        onBlur={() => {
          setLeft(true);
          onBlur?.();
        }}
        autoComplete="tel"
        disabled={disabled}
        required={required}
      />
    </Input.Wrapper>
  );
}
