import { useState, type ChangeEvent } from 'react';

/**
 * Text fields of a form and their problems: `text(name)` gives an input its value, red border
 * (`error`, also `aria-invalid`, which PasswordInput does not set itself) and an onChange that
 * stores the value and clears that field's problem. A problem is `true` (red border) or a string
 * (red border with the text under the field). Problem keys may include non-text fields.
 */
export function useFormFields<V extends Record<string, string>, K extends string = Extract<keyof V, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [problems, setProblems] = useState<Partial<Record<K, boolean | string>>>({});

  const clear = (...names: K[]) => setProblems((p) => (names.some((n) => p[n]) ? { ...p, ...Object.fromEntries(names.map((n) => [n, false])) } : p));

  const text = (name: Extract<keyof V, string> & K) => ({
    value: values[name],
    error: problems[name],
    'aria-invalid': problems[name] ? true : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      clear(name);
    },
  });

  return { values, setValues, problems, setProblems, clear, text };
}
