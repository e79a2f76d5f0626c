import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { crashScreenMessages } from '@copydesk/shared';
import { lazyWithRetry, RELOAD_KEY } from '@/lib/lazy-retry';
import { theme } from '@/test/utils';
import { RouteError } from './route-error';

const reload = vi.fn();
const realLocation = window.location;
beforeEach(() => {
  reload.mockReset();
  // React and React Router report the thrown load error on the console; the screen is what counts here.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  window.sessionStorage.removeItem(RELOAD_KEY);
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  window.sessionStorage.removeItem(RELOAD_KEY);
});

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/order-list-3fa9c1.js');

function renderAt(path: string, table: RouteObject[]) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  render(
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

/** A frame around its screens, as the signed-in frame is; the screen's chunk fails to load. */
const table = (load: () => Promise<never>): RouteObject[] => [
  {
    element: (
      <div>
        <nav aria-label="Frame">Sidebar</nav>
        <Outlet />
      </div>
    ),
    errorElement: <RouteError />,
    children: [{ path: '/order', lazy: lazyWithRetry(load), errorElement: <RouteError framed /> }],
  },
];

describe('RouteError', () => {
  it('reloads the page once when a screen’s code cannot be loaded, to pick up a new build', async () => {
    renderAt(
      '/order',
      table(() => Promise.reject(chunkError())),
    );
    expect(await screen.findByRole('status', { name: crashScreenMessages.reloading })).toBeInTheDocument();
    // The reload is the effect of the screen that announces it: it may run just after that screen shows.
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(RELOAD_KEY)).not.toBeNull();
  });

  it('after that reload, shows the product’s error screen inside the frame: Reload and Go to dashboard', async () => {
    window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    renderAt(
      '/order',
      table(() => Promise.reject(chunkError())),
    );
    expect(await screen.findByRole('heading', { level: 1, name: crashScreenMessages.title })).toBeInTheDocument();
    expect(screen.getByText(crashScreenMessages.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Frame' })).toBeInTheDocument();
    expect(screen.queryByText(/Hey developer|Unexpected Application Error/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: crashScreenMessages.goToDashboard })).toHaveAttribute('href', '/dashboard');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: crashScreenMessages.reload }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows itself at once, as the whole page, when a screen fails to draw', async () => {
    const Broken = () => {
      throw new Error('Cannot read properties of undefined');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/login', [{ path: '/login', Component: Broken, errorElement: <RouteError /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: crashScreenMessages.title })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(crashScreenMessages.failed);
    expect(reload).not.toHaveBeenCalled();
  });
});
