/**
 * Text colour on a `light` tint of `color` (badges, alerts): shade 9 darkened by a third. Mantine's
 * own light-variant text (shade 9 on shade 1: orange 3.6:1, green 3.8:1, teal 4.3:1) is below 4.5:1.
 */
export const badgeText = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9) 68%, black)`;
