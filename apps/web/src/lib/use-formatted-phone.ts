import { useEffect, useState } from 'react';

/**
 * formatPhone (lib/format-phone.ts) for a screen that shows a number only in passing: the phone
 * library (about 25 KB compressed) loads after the screen, and the number shows as stored until then.
 */
export function useFormattedPhone(value: string | null | undefined, country?: string | null): string | null {
  const [formatted, setFormatted] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('./format-phone').then(({ formatPhone }) => {
      if (current) setFormatted(formatPhone(value, country));
    });
    return () => {
      current = false;
    };
  }, [value, country]);
  return formatted ?? (value?.trim() || null);
}
