import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HELP_BOOKING_URL, messages } from '@copydesk/shared';
import { browser } from '@/lib/browser';
import { json, mockApi, renderRoute, route, signIn } from '@/test/utils';

describe('signed-in frame', () => {
  it('shows the portal title, the menu and the help link to an agency', async () => {
    const auth = signIn('agency');
    mockApi((call) => (route(call) === 'GET /api/getInfo' ? json(200, { user: auth.user }) : undefined));
    renderRoute('/dashboard');

    expect(await screen.findByText('Agency Portal')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
    expect(within(nav).queryByRole('link', { name: 'Fulfilment' })).not.toBeInTheDocument();
    const help = within(nav).getByRole('link', { name: 'Need Help? Get In Touch' });
    expect(help).toHaveAttribute('href', HELP_BOOKING_URL);
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('© 2023 Copydesk')).toBeInTheDocument();
  });

  it('hides the help link from an admin', async () => {
    const auth = signIn('admin');
    mockApi((call) => (route(call) === 'GET /api/getInfo' ? json(200, { user: auth.user }) : undefined));
    renderRoute('/dashboard');

    expect(await screen.findByText('Admin Portal')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Need Help? Get In Touch' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Fulfilment' })).toHaveAttribute('href', '/fulfilment');
  });

  it('refreshes the stored user from GET /getInfo', async () => {
    const auth = signIn('associate');
    mockApi(() => json(200, { user: { ...auth.user, name: 'Renamed Elsewhere' } }));
    renderRoute('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Welcome, Renamed Elsewhere!' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('userId')!).user.name).toBe('Renamed Elsewhere');
    expect(screen.getByText('Associate Portal')).toBeInTheDocument();
  });

  it('clears local data and reloads when the user cannot be loaded', async () => {
    signIn('agency');
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    mockApi(() => json(500, { message: messages.serverError }));
    renderRoute('/dashboard');

    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends a deactivated user to sign-in', async () => {
    const auth = signIn('agency');
    mockApi(() => json(200, { user: { ...auth.user, status: 0 } }));
    const { router } = renderRoute('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(messages.accountDeactivated)).toBeInTheDocument();
  });

  it('goes to sign-in when the token is no longer accepted', async () => {
    signIn('agency');
    mockApi(() => json(401, { message: messages.unauthenticated }));
    const { router } = renderRoute('/my-account');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('logs out from the account menu', async () => {
    const auth = signIn('agency');
    const calls = mockApi((call) => {
      if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
      if (route(call) === 'POST /api/logout') return json(200, { message: messages.loggedOut });
    });
    const { user, router } = renderRoute('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => route(c) === 'POST /api/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('opens My Account from the profile menu', async () => {
    const auth = signIn('agency');
    mockApi((call) => (route(call) === 'GET /api/getInfo' ? json(200, { user: auth.user }) : json(200, { data: [] })));
    const { user, router } = renderRoute('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
  });
});

describe('route guard in the app', () => {
  it('sends a visitor from a signed-in page to sign-in', async () => {
    mockApi(() => undefined);
    const { router } = renderRoute('/my-account');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from sign-up to the dashboard', async () => {
    const auth = signIn('agency');
    mockApi(() => json(200, { user: auth.user }));
    const { router } = renderRoute('/signup');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends an admin away from a real order id to the dashboard', async () => {
    const auth = signIn('admin');
    mockApi(() => json(200, { user: auth.user }));
    const { router } = renderRoute('/create/42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('clears a stored session when an emailed sign-in link is opened', async () => {
    signIn('agency');
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    mockApi(() => undefined);
    renderRoute('/login?token=emailed&order_id=42');
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(localStorage.getItem('token')).toBeNull();
  });
});
