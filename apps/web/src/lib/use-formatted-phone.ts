import { useEffect, useState, type RefObject } from 'react';

/**
 * formatPhone (lib/format-phone.ts) for a screen that shows a number only in passing: the phone
 * library (about 25 KB compressed, and its metadata to read) loads after the screen, and the number
 * shows as stored until then. With `shownIn`, it loads only once that element comes into view: the
 * dashboard's account card is below the fold of most screens, and loaded at once the library was a
 * tenth of the dashboard's first load (docs/decisions/0045-first-load-budgets.md).
 */
export function useFormattedPhone(value: string | null | undefined, country?: string | null, shownIn?: RefObject<Element | null>): string | null {
  const [formatted, setFormatted] = useState<string | null>(null);
  const visible = useInView(shownIn);
  useEffect(() => {
    if (!visible) return;
    let current = true;
    void import('./format-phone').then(({ formatPhone }) => {
      if (current) setFormatted(formatPhone(value, country));
    });
    return () => {
      current = false;
    };
  }, [value, country, visible]);
  return formatted ?? (value?.trim() || null);
}

/** Whether the element has come into view once (true without an element, or without IntersectionObserver). */
function useInView(target: RefObject<Element | null> | undefined): boolean {
  const [seen, setSeen] = useState(() => !target || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = target?.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, seen]);
  return seen;
}
