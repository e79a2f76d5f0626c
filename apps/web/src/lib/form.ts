import type { ReactNode } from 'react';
import { schemaResolver, type FormErrors } from '@mantine/form';
import { focusFirstInvalid } from './focus-invalid';

/**
 * Helpers for forms on Mantine's `useForm`. Fields are validated with the shared zod contracts
 * through Mantine's own `schemaResolver` (zod 4 is a Standard Schema): the first message per field,
 * in the order the contract checks them.
 */

/**
 * Errors keyed by the form's fields: `rename` maps a payload key to the field that shows it (a
 * country code's problem belongs to the phone box). Order is kept, and the first message per field.
 */
export function onFields(errors: Record<string, ReactNode>, rename: Record<string, string> = {}): FormErrors {
  const out: FormErrors = {};
  for (const [key, message] of Object.entries(errors)) out[rename[key] ?? key] ??= message;
  return out;
}

/** A contract's problems with `payload`, keyed by field (see `onFields`), in the contract's order. */
export const schemaErrors = (schema: Parameters<typeof schemaResolver>[0], payload: unknown, rename?: Record<string, string>): FormErrors =>
  onFields(schemaResolver(schema, { sync: true })(payload), rename);

/**
 * For `useForm({ enhanceGetInputProps: ariaInvalid })`: a field in error says so to assistive
 * technology too (Mantine's TextInput does, its PasswordInput does not).
 */
export const ariaInvalid = ({ inputProps }: { inputProps: { error?: unknown } }) => ({ 'aria-invalid': inputProps.error ? true : undefined });

/**
 * The portal's way to refuse a form: every field in error shows its message under it (Mantine's
 * `error` prop, which sets `aria-invalid` and points `aria-describedby` at the message), all at once,
 * and the first invalid field of `root` (the form element) is scrolled to and focused
 * (`focusFirstInvalid`, lib/focus-invalid.ts). No toast: the messages are beside their fields.
 */
export function refuseOnFields(
  form: { setErrors: (errors: FormErrors) => void },
  errors: FormErrors,
  root: ParentNode | null | (() => ParentNode | null) = document,
): void {
  form.setErrors(errors);
  void focusFirstInvalid(root);
}
