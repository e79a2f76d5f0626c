/**
 * Text colour on a `light` tint of `color` (badges, alerts): shade 9 darkened by a third. Mantine's
 * own light-variant text (shade 9 on shade 1: orange 3.6:1, green 3.8:1, teal 4.3:1) is below 4.5:1.
 */
export const badgeText = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9) 68%, black)`;

/**
 * A value of the API as the screens write it: sentence case, hyphens and underscores read as spaces
 * ('IN-PROGRESS' → 'In progress', 'COMPLETED' → 'Completed'). The API keeps its values; only their
 * display changes (docs/decisions/0042-sentence-case-copy.md).
 */
export function sentenceCase(value: string): string {
  const words = value.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
