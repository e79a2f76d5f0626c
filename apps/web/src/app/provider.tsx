import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import type { ReactNode } from 'react';
import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_MS } from '@copydesk/shared';
import { ApiError } from '@/lib/api-client';
import classes from './provider.module.css';

/** Shade 8 keeps white text on filled buttons above 4.5:1 contrast (the default shade 6 fails). */
export const theme = createTheme({
  primaryShade: 8,
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/**
 * "dimmed" text is gray.6 by default, 3.3:1 on white: too faint for the small labels that use it.
 * gray.7 keeps it secondary and above 4.5:1 on white and on the gray.0 page background. The error
 * colour (messages, and the placeholder of a field marked red) is red.6 by default, 3.3:1 too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Client errors do not get better by asking again; a dropped connection might.
        retry: (count, error) => count < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <Notifications limit={1} autoClose={TOAST_MS} position="top-right" classNames={{ root: classes.toasts }} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
