import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createTheme, MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { reportServerError } from '@/lib/server-errors';

/** Shade 8 keeps white text on filled buttons above 4.5:1 contrast (the default shade 6 fails). */
export const theme = createTheme({
  primaryShade: 8,
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/**
 * "dimmed" text is gray.6 by default, 3.3:1 on white: too faint for the small labels that use it.
 * gray.7 keeps it secondary and above 4.5:1 on white and on the gray.0 page background. The error
 * colour (messages, and the placeholder of a field marked red) is red.6 by default, 3.3:1 too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    // White on a filled green button (Activate): shade 8 is 3.4:1, shade 9 4.4:1; darkened, 6.3:1.
    '--mantine-color-green-filled': 'color-mix(in srgb, var(--mantine-color-green-9) 80%, black)',
    '--mantine-color-green-filled-hover': 'color-mix(in srgb, var(--mantine-color-green-9) 70%, black)',
  },
  dark: {},
});

/**
 * The app's query client. Failures are reported centrally (lib/server-errors.ts): every failed
 * mutation, and a query that fails while its data is already on screen, shows one error toast
 * unless the call says `meta: { errorToast: false }`. `retry` is for tests, which do not retry.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== false && query.state.data !== undefined) reportServerError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) reportServerError(error);
      },
    }),
    defaultOptions: {
      queries: {
        // Client errors do not get better by asking again; a dropped connection might.
        retry: retry ? (count, error) => count < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500) : false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The toast container (Mantine's Notifications with its transitions, drag handling and styles) is
 * not needed to paint a page: it loads on the first interaction, or with the first toast if that
 * comes sooner (the notifications store holds the toast until the container shows it). A download
 * that fails leaves the app without toasts rather than without a screen.
 */
const Toaster = lazy<ComponentType>(() => import('./toaster').catch(() => ({ default: () => null })));
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'focusin'] as const;

function LazyToaster() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);

  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    for (const type of FIRST_INTERACTION) window.addEventListener(type, want, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want, { capture: true });
    };
  }, [wanted]);

  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <LazyToaster />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
