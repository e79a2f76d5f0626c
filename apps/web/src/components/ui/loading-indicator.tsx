import { Box, Loader, VisuallyHidden, type LoaderProps } from '@mantine/core';

/**
 * A spinner that says what is loading. A bare Loader is a span: an aria-label on it is prohibited
 * (axe aria-prohibited-attr) and nothing announces it. Here the spinner is decoration, and a status
 * region named by the label, with the label as its visually hidden text, says what is on its way.
 */
export function LoadingIndicator({ label, ...props }: { label: string } & Omit<LoaderProps, 'children'>) {
  return (
    <Box role="status" aria-live="polite" aria-label={label} display="inline-flex">
      <Loader aria-hidden {...props} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Box>
  );
}
