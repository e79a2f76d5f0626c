import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HELP_BOOKING_URL, messages, userMessages } from '@copydesk/shared';
import { browser } from '@/lib/browser';
import type { Role } from '@copydesk/shared';
import { pageMeta } from '@/features/orders/testing/fixtures';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

/** The dashboard's other reads, empty and in the shape the API gives them; `user` answers GET /getInfo. */
const dashboardApi = (user: object) => (call: FetchCall) => {
  const r = route(call);
  if (r === 'GET /api/getInfo') return json(200, { user });
  if (r.startsWith('GET /api/order/getCountBystatus/') || r === 'GET /api/message/unread' || r === 'GET /api/user') return json(200, { count: 0 });
  if (r === 'GET /api/order' || r === 'GET /api/content') return json(200, { data: [], meta: pageMeta(0) });
  if (r === 'GET /api/billing/getAvailableBalance/7') return json(200, { balance: 0 });
  if (r === 'GET /api/getOfferStatus') return json(200, { message: '', remaining_amount: 0, show: false });
  if (r === 'GET /api/dashboard/admin-stats') return json(200, { agencies: 0, active_agencies: 0, open_items: 0, overdue_items: 0, wallet_balance: 0 });
  return undefined;
};

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
    expect(within(nav).getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/management');
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/message');
    expect(within(nav).queryByRole('button', { name: 'Coupons' })).not.toBeInTheDocument();
    // Named by its label and description (jsdom joins the two without the space a browser puts between them).
    const help = within(nav).getByRole('link', { name: /^Need Help\?\s*Get In Touch$/ });
    expect(help).toHaveAttribute('href', HELP_BOOKING_URL);
    expect(help).toHaveAttribute('target', '_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(`© ${new Date().getFullYear()} Copydesk`)).toBeInTheDocument();
  });

  it('hides the help link from an admin', async () => {
    const auth = signIn('admin');
    mockApi((call) => (route(call) === 'GET /api/getInfo' ? json(200, { user: auth.user }) : undefined));
    renderRoute('/dashboard');

    expect(await screen.findByText('Admin Portal')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Need Help/ })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Fulfilment' })).toHaveAttribute('href', '/fulfilment');
  });

  it('refreshes the stored user from GET /getInfo', async () => {
    const auth = signIn('associate');
    mockApi(dashboardApi({ ...auth.user, name: 'Renamed Elsewhere' }));
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
    mockApi(dashboardApi({ ...auth.user, status: 0 }));
    const { router } = renderRoute('/dashboard');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(messages.accountDeactivated)).toBeInTheDocument();
  });

  it.each([
    ['auth.account_deactivated', messages.accountDeactivated],
    ['auth.agency_deactivated', userMessages.agencyDeactivated],
    ['auth.link_session_only', messages.linkSessionOnly],
  ])('sends a user the server refuses with 403 %s to sign-in, saying why', async (code, message) => {
    signIn('associate');
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    mockApi(() => json(403, { code, message }));
    const { router } = renderRoute('/order');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('goes to sign-in when the token is no longer accepted', async () => {
    signIn('agency');
    mockApi(() => json(401, { message: messages.unauthenticated }));
    const { router } = renderRoute('/my-account');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('names the account menu by the name and email it shows', async () => {
    const auth = signIn('agency');
    mockApi((call) => (route(call) === 'GET /api/getInfo' ? json(200, { user: auth.user }) : undefined));
    renderRoute('/dashboard');

    const button = await screen.findByRole('button', { name: /^Account menu/ });
    expect(button).toHaveAccessibleName(/^Account menu\s*Ada Lovelace\s*ada@example\.com$/);
    expect(button).not.toHaveAttribute('aria-label');
  });

  it('logs out from the account menu', async () => {
    const auth = signIn('agency');
    const calls = mockApi((call) => {
      if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
      if (route(call) === 'POST /api/logout') return json(200, { message: messages.loggedOut });
    });
    const { user, router } = renderRoute('/dashboard');

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((c) => route(c) === 'POST /api/logout')).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('opens My Account from the profile menu', async () => {
    const auth = signIn('agency');
    mockApi(dashboardApi(auth.user));
    const { user, router } = renderRoute('/dashboard');

    await user.click(await screen.findByRole('button', { name: /^Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account'));
  });
});

/** Signs in as `role` and answers the frame's calls; the unread count comes from `unread`. */
function frameApi(role: Role, unread: () => number = () => 0, handler?: (call: FetchCall) => Response | undefined) {
  const auth = signIn(role);
  return mockApi((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    if (route(call) === 'GET /api/message/unread') return json(200, { count: unread() });
  });
}

/** The names of the sidebar's links and buttons, top to bottom. */
async function menuNames() {
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  await within(nav).findByRole('link', { name: 'Dashboard' });
  // The top-level entries: a closed group's links stay in the DOM, hidden, while it animates shut.
  const hidden = (el: Element) => Boolean(el.closest('[aria-hidden="true"]')) || el.closest<HTMLElement>('[style*="display: none"]') !== null;
  return Array.from(nav.querySelectorAll('a, button'))
    .filter((el) => !hidden(el))
    .map(
      (el) =>
        el.getAttribute('aria-label') ??
        (Array.from(el.querySelectorAll('.mantine-NavLink-label, .mantine-NavLink-description'), (part) => part.textContent)
          .join(' ')
          .trim() ||
          el.textContent),
    )
    .filter((name) => name !== 'Copydesk home' && name !== 'Close navigation');
}

describe('sidebar menu', () => {
  it("lists the agency menu in the original portal's order, with User Management and Messages", async () => {
    frameApi('agency');
    renderRoute('/dashboard');
    expect(await menuNames()).toEqual(['Dashboard', 'Orders', 'User Management', 'Billing', 'My Account', 'Messages', 'Need Help? Get In Touch']);
  });

  it('hides User Management from an associate', async () => {
    frameApi('associate');
    renderRoute('/dashboard');
    expect(await menuNames()).toEqual(['Dashboard', 'Orders', 'Billing', 'My Account', 'Messages', 'Need Help? Get In Touch']);
  });

  it('gives an admin Fulfilment and a Coupons group that opens to its three screens', async () => {
    frameApi('admin');
    const { user, router } = renderRoute('/dashboard');
    expect(await menuNames()).toEqual(['Dashboard', 'Orders', 'Fulfilment', 'User Management', 'Billing', 'My Account', 'Messages', 'Coupons']);

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const coupons = within(nav).getByRole('button', { name: 'Coupons' });
    expect(coupons).toHaveAttribute('aria-expanded', 'false');
    await user.click(coupons);
    expect(coupons).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav).findByRole('link', { name: 'Coupon List' })).toHaveAttribute('href', '/coupon');
    expect(within(nav).getByRole('link', { name: 'Add Coupon' })).toHaveAttribute('href', '/add-coupon');
    expect(within(nav).getByRole('link', { name: 'Used History' })).toHaveAttribute('href', '/coupon-history');

    await user.click(within(nav).getByRole('link', { name: 'Used History' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/coupon-history'));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Used History' })).toHaveAttribute('aria-current', 'page'));
    expect(coupons).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the Coupons group by itself on a coupon page', async () => {
    frameApi('admin');
    renderRoute('/edit-coupon/3');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('button', { name: 'Coupons' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Coupon List' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the unread count beside Messages, and asks again on returning to the tab', async () => {
    let unread = 3;
    const calls = frameApi('agency', () => unread);
    renderRoute('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveAttribute('href', '/message');
    expect(within(link).getByTestId('nav-badge')).toHaveAttribute('data-count', '3');

    unread = 0;
    const before = calls.filter((c) => route(c) === 'GET /api/message/unread').length;
    fireEvent(window, new Event('visibilitychange'));
    await waitFor(() => expect(calls.filter((c) => route(c) === 'GET /api/message/unread').length).toBeGreaterThan(before));
    expect(await within(nav).findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(within(nav).queryByTestId('nav-badge')).not.toBeInTheDocument();
  });

  it('keeps the badge and the coupon screens in the collapsed sidebar', async () => {
    localStorage.setItem('sidebarCollapsed', 'true');
    frameApi('admin', () => 4);
    const { user } = renderRoute('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Messages, 4 unread' })).toHaveAttribute('href', '/message');
    expect(within(nav).queryByText('Dashboard')).not.toBeInTheDocument(); // icons only

    const coupons = within(nav).getByRole('button', { name: 'Coupons' });
    await user.click(coupons);
    expect(coupons).toHaveAttribute('aria-expanded', 'true');
    // jsdom has no layout, so the floating dropdown counts as detached and hidden: look inside it.
    const menu = await waitFor(() => {
      const found = document.getElementById(coupons.getAttribute('aria-controls') ?? '');
      expect(found).not.toBeNull();
      return found!;
    });
    const item = (name: string) => within(menu).getByRole('menuitem', { name, hidden: true });
    expect(item('Coupon List')).toHaveAttribute('href', '/coupon');
    expect(item('Add Coupon')).toHaveAttribute('href', '/add-coupon');
    expect(item('Used History')).toHaveAttribute('href', '/coupon-history');
  });

  it('closes the phone drawer after choosing a page', async () => {
    frameApi(
      'agency',
      () => 0,
      (call) =>
        route(call) === 'GET /api/message'
          ? json(200, { data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 1, per_page: 10 } })
          : undefined,
    );
    const { user, router } = renderRoute('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Messages' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/message'));
    expect(await screen.findByRole('button', { name: 'Open navigation' })).toBeInTheDocument();
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
    mockApi(dashboardApi(auth.user));
    const { router } = renderRoute('/signup');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends an admin away from a real order id to the dashboard', async () => {
    const auth = signIn('admin');
    mockApi(dashboardApi(auth.user));
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
