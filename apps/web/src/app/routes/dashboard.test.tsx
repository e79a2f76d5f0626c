import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages, WELCOME_DELAY_MS, type User } from '@copydesk/shared';
import { orderRow, pageMeta } from '@/features/orders/testing/fixtures';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

afterEach(() => {
  vi.useRealTimers();
});

/** Empty answers, in the shape the API gives them, for what the dashboard reads besides the user. */
function emptyDashboard(call: FetchCall): Response | undefined {
  const r = route(call);
  if (r.startsWith('GET /api/order/getCountBystatus/') || r === 'GET /api/message/unread' || r === 'GET /api/user') return json(200, { count: 0 });
  if (r === 'GET /api/order' || r === 'GET /api/content') return json(200, { data: [], meta: pageMeta(0) });
  if (r === 'GET /api/billing/getAvailableBalance/7') return json(200, { balance: 0 });
  if (r === 'GET /api/getOfferStatus') return json(200, { message: '', remaining_amount: 0, show: false });
  if (r === 'GET /api/payment-config') return json(200, { gateway: 'sandbox', publishable_key: null });
  return undefined;
}

/** The user with the onboarding step of a POST /update/onboarding done, as the server keeps it. */
function withStepDone(user: User, call: FetchCall): User {
  const step = (call.body as { step: keyof User['onboarding'] }).step;
  return { ...user, onboarding: { ...user.onboarding, [step]: true } };
}
const onboardingAnswer = (user: User, call: FetchCall) => json(200, { user: withStepDone(user, call) });

async function openDashboard(loginCount: number, role: 'agency' | 'associate' = 'agency', overrides: Partial<User> = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const auth = signIn(role, { login_count: loginCount, order_count: 1, ...overrides });
  let kept = auth.user;
  const calls = mockApi((call) => {
    const r = route(call);
    if (r === 'GET /api/getInfo') return json(200, { user: kept });
    if (r === 'POST /api/update/onboarding') return json(200, { user: (kept = withStepDone(kept, call)) });
    return emptyDashboard(call);
  });
  const view = renderRoute('/dashboard');
  await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
  return { ...view, calls };
}

const onboardingCalls = (calls: FetchCall[]) => calls.filter((c) => route(c) === 'POST /api/update/onboarding').map((c) => c.body);

describe('dashboard', () => {
  it('greets the user by name with the subtitle of their role', async () => {
    await openDashboard(5);
    expect(screen.getByText(messages.dashboardSubtitleAgency)).toBeInTheDocument();
  });

  it('opens the welcome guide 3 seconds after a first login, and never again once closed', async () => {
    const { user, unmount, calls } = await openDashboard(1);

    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS - 500));
    expect(screen.queryByRole('dialog', { name: 'Getting started' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(600));
    const guide = await screen.findByRole('dialog', { name: 'Getting started' });
    for (const step of ['Add balance', 'Add team members', 'Place an order']) {
      expect(guide).toHaveTextContent(step);
    }
    await user.click(screen.getByRole('button', { name: 'Close getting started guide' }));
    // Kept on the server, so another browser does not open it either; the stored user follows the answer.
    await waitFor(() => expect(onboardingCalls(calls)).toEqual([{ step: 'welcome_guide_closed' }]));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('userId')!).user.onboarding.welcome_guide_closed).toBe(true));

    unmount();
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 500));
    expect(screen.queryByRole('dialog', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('gives focus to the page heading when the guide closes', async () => {
    const { user } = await openDashboard(1);
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 100));
    const guide = await screen.findByRole('dialog', { name: 'Getting started' });
    // Each Start button is named by its visible word first, then its step (WCAG 2.5.3).
    expect(within(guide).getByRole('button', { name: 'Start: Add balance' })).toHaveTextContent(/^Start$/);

    await user.click(screen.getByRole('button', { name: 'Close getting started guide' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toHaveFocus());
  });

  it('does not open the guide after later logins', async () => {
    await openDashboard(2);
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 500));
    expect(screen.queryByRole('dialog', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('does not open the guide in a browser of its first sign-in once it was closed in another', async () => {
    const { calls } = await openDashboard(1, 'agency', { onboarding: { welcome_guide_closed: true, offer_banner_dismissed: false } });
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 500));
    expect(screen.queryByRole('dialog', { name: 'Getting started' })).not.toBeInTheDocument();
    expect(onboardingCalls(calls)).toEqual([]);
  });

  it('offers an associate only what an associate can do', async () => {
    await openDashboard(1, 'associate');
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 100));
    const guide = await screen.findByRole('dialog', { name: 'Getting started' });
    expect(guide).toHaveTextContent('Place an order');
    expect(guide).not.toHaveTextContent('Add balance');
    expect(guide).not.toHaveTextContent('Add team members');
  });
});

describe('dashboard: orders', () => {
  const ROWS = [
    orderRow({ id: 14, unpaid: true, status: 'UNPAID' }),
    orderRow({ id: 13, unpaid: false, status: 'IN-PROGRESS', payment_id: 3 }),
    orderRow({ id: 12, unpaid: false, status: 'COMPLETED', payment_id: 2 }),
  ];

  function openWithOrders(role: 'agency' | 'admin' = 'agency', overrides: Partial<User> = {}) {
    const auth = signIn(role, { order_count: 3, ...overrides });
    const calls = mockApi((call) => {
      const r = route(call);
      if (r === 'GET /api/getInfo') return json(200, { user: auth.user });
      if (r === 'GET /api/order') {
        const query = new URL(call.url, 'http://test.local').searchParams;
        if (query.get('status') === 'pending_review') return json(200, { data: ROWS.slice(0, 1), meta: pageMeta(4, 1, 1) });
        return json(200, { data: ROWS, meta: pageMeta(3, 1, 3) });
      }
      if (r === 'GET /api/order/getCountBystatus/unpaid') return json(200, { count: 2 });
      if (r === 'GET /api/order/getCountBystatus/null') return json(200, { count: 5 });
      if (r === 'POST /api/update/onboarding') return onboardingAnswer(auth.user, call);
    });
    return { ...renderRoute('/dashboard'), calls };
  }

  it('links the order counts to the filtered list', async () => {
    const { calls } = openWithOrders();
    expect(await screen.findByRole('link', { name: /^Awaiting Payment\s*2\b/ })).toHaveAttribute('href', '/order?status=unpaid');
    expect(await screen.findByRole('link', { name: /^In Progress\s*5\b/ })).toHaveAttribute('href', '/order?status=inprogress');
    expect(await screen.findByRole('link', { name: /^Pending Approval\s*4\b/ })).toHaveAttribute('href', '/order?status=pending_review');
    const pending = calls.find((c) => c.url.includes('status=pending_review'))!;
    expect(new URL(pending.url, 'http://test.local').searchParams.get('limit')).toBe('1');
  });

  it('lists the 3 latest orders and marks an unpaid one', async () => {
    const { calls } = openWithOrders();
    const unpaid = await screen.findByRole('link', { name: /^Order #14/ });
    expect(unpaid).toHaveAttribute('href', '/payment/14');
    expect(unpaid).toHaveAttribute('data-unpaid');
    expect(unpaid).toHaveTextContent(messages.orderNotActive);
    const paid = screen.getByRole('link', { name: /^Order #13/ });
    expect(paid).toHaveAttribute('href', '/items/13');
    expect(paid).not.toHaveAttribute('data-unpaid');
    expect(paid).not.toHaveTextContent(messages.orderNotActive);
    const recent = calls.find((c) => route(c) === 'GET /api/order' && !c.url.includes('status='))!;
    expect(new URL(recent.url, 'http://test.local').searchParams.get('limit')).toBe('3');
    expect(screen.getByRole('link', { name: 'Place an Order' })).toHaveAttribute('href', '/create');
  });

  it('offers an admin no Place an Order and opens orders at their items', async () => {
    openWithOrders('admin');
    expect(await screen.findByRole('link', { name: /^Order #14/ })).toHaveAttribute('href', '/items/14');
    expect(screen.queryByRole('link', { name: 'Place an Order' })).not.toBeInTheDocument();
  });

  it('keeps every sign-in on the dashboard, a customer without orders too (no redirect to /create)', async () => {
    for (const [role, overrides] of [
      ['agency', { order_count: 0, login_count: 2 }],
      ['agency', { order_count: 0, login_count: 3 }],
      ['admin', { order_count: 0, login_count: 2 }],
    ] as const) {
      localStorage.clear();
      const { router, unmount } = openWithOrders(role, overrides);
      await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
      await screen.findByRole('link', { name: /^Order #14/ });
      expect(router.state.location.pathname).toBe('/dashboard');
      unmount();
    }
  });
});

describe('dashboard: waiting for your review', () => {
  const waiting = [
    {
      id: 40,
      order_id: 12,
      article_title: 'Five habits',
      order_type: 'Blog Post',
      word_count: '500 Words',
      status: 'Pending Review',
      due_at: null,
      updated_at: '2026-03-04T09:00:00Z',
    },
    {
      id: 52,
      order_id: 15,
      article_title: null,
      order_type: 'Press Release',
      word_count: '300 Words',
      status: 'Pending Review',
      due_at: null,
      updated_at: '2026-03-05T09:00:00Z',
    },
  ];

  function openWithContent(role: 'agency' | 'associate' | 'admin', data: unknown[]) {
    const auth = signIn(role, { order_count: 3 });
    const calls = mockApi((call) => {
      const r = route(call);
      if (r === 'GET /api/getInfo') return json(200, { user: auth.user });
      if (r === 'GET /api/content') return json(200, { data, meta: pageMeta(data.length, 1, 5) });
      if (r === 'GET /api/order') return json(200, { data: [], meta: pageMeta(0, 1, 3) });
      if (r.startsWith('GET /api/order/getCountBystatus/')) return json(200, { count: 0 });
    });
    return { ...renderRoute('/dashboard'), calls };
  }

  it.each(['agency', 'associate'] as const)('lists up to 5 items waiting for the %s, each opening its content view', async (role) => {
    const { calls } = openWithContent(role, waiting);
    const card = await screen.findByRole('region', { name: 'Waiting for your review' });
    expect(await within(card).findByRole('link', { name: /^Five habits/ })).toHaveAttribute('href', '/content-view/40');
    // An item without a title is named by its id.
    expect(within(card).getByRole('link', { name: /^Item 52/ })).toHaveAttribute('href', '/content-view/52');
    const query = new URL(calls.find((c) => route(c) === 'GET /api/content')!.url, 'http://test.local').searchParams;
    expect(query.get('status')).toBe('Pending Review');
    expect(query.get('limit')).toBe('5');
    // The counter still opens the filtered order list.
    expect(await screen.findByRole('link', { name: /^Pending Approval/ })).toHaveAttribute('href', '/order?status=pending_review');
  });

  it('says so when nothing waits', async () => {
    openWithContent('agency', []);
    const card = await screen.findByRole('region', { name: 'Waiting for your review' });
    expect(await within(card).findByText(/Nothing is waiting for your review/)).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('is not shown to an admin', async () => {
    const { calls } = openWithContent('admin', waiting);
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    expect(screen.queryByRole('region', { name: 'Waiting for your review' })).not.toBeInTheDocument();
    expect(calls.some((c) => route(c) === 'GET /api/content')).toBe(false);
  });
});

describe('dashboard: figures per role', () => {
  const STATS = {
    agencies: 12,
    active_agencies: 10,
    open_items: 34,
    overdue_items: 3,
    wallet_balance: 12345.5,
    unassigned_items: 7,
    unassigned: [
      {
        id: 81,
        order_id: 40,
        article_title: 'Late launch post',
        order_type: 'Blog Post',
        agency: { id: 31, name: 'Acme Media' },
        due_at: '2026-03-02T17:00:00Z',
        overdue: true,
      },
      {
        id: 82,
        order_id: 41,
        article_title: null,
        order_type: 'Press Release',
        agency: { id: 32, name: 'Beta Words' },
        due_at: '2099-03-09T17:00:00Z',
        overdue: false,
      },
    ],
  };

  function openFigures(role: 'admin' | 'agency' | 'associate', overrides: Partial<User> = {}) {
    const auth = signIn(role, { order_count: 3, ...overrides });
    const calls = mockApi((call) => {
      const r = route(call);
      if (r === 'GET /api/getInfo') return json(200, { user: auth.user });
      if (r === 'GET /api/dashboard/admin-stats') return json(200, STATS);
      if (r === 'GET /api/user') return json(200, { count: role === 'admin' ? 57 : 4 });
      if (r === 'GET /api/billing/getAvailableBalance/7') return json(200, { balance: 250.75 });
      if (r === 'GET /api/order/getCountBystatus/approved') return json(200, { count: 30 });
      if (r === 'GET /api/order/getCountBystatus/null') return json(200, { count: 5 });
      if (r.startsWith('GET /api/order/getCountBystatus/')) return json(200, { count: 0 });
      if (r === 'GET /api/order' || r === 'GET /api/content') return json(200, { data: [], meta: pageMeta(0, 1, 3) });
      if (r === 'POST /api/update/onboarding') return onboardingAnswer(auth.user, call);
    });
    return { ...renderRoute('/dashboard'), calls };
  }

  const called = (calls: FetchCall[], key: string) => calls.filter((c) => route(c) === key);
  /** The label's card: the label's text sits two levels under the card's content. */
  const balanceCard = () => screen.getByText('Available Balance').closest('.mantine-Card-root') as HTMLElement;

  it('shows an admin the agencies, open and overdue items, wallet balances and users, without a wallet of its own', async () => {
    const { calls } = openFigures('admin');
    const agencies = await screen.findByRole('region', { name: 'Active Agencies' });
    await waitFor(() => expect(agencies).toHaveTextContent('10 of 12'));
    expect(agencies).toHaveTextContent('2 inactive');
    // Each opens the fulfilment queue with its filter.
    expect(screen.getByRole('link', { name: /^Open Items\s*34\b/ })).toHaveAttribute('href', '/fulfilment?status=open');
    expect(screen.getByRole('link', { name: /^Overdue Items\s*3\b/ })).toHaveAttribute('href', '/fulfilment?status=overdue');
    expect(screen.getByRole('region', { name: 'Wallet Balances Held' })).toHaveTextContent('$12,345.50');

    const users = screen.getByRole('region', { name: 'Users' });
    await waitFor(() => expect(users).toHaveTextContent('57'));
    expect(within(users).getByRole('link', { name: 'Add Users' })).toHaveAttribute('href', '/management?add=1');
    const count = called(calls, 'GET /api/user');
    expect(new URL(count[0]!.url, 'http://test.local').searchParams.get('count')).toBe('1');

    await waitFor(() => expect(screen.getByRole('region', { name: 'Completed Orders' })).toHaveTextContent('30'));
    expect(screen.queryByText('Available Balance')).not.toBeInTheDocument();
    expect(called(calls, 'GET /api/billing/getAvailableBalance/7')).toHaveLength(0);
  });

  it('lists an admin the unassigned items, the earliest due first, each opening the queue at it, and all of them in the queue', async () => {
    const { calls } = openFigures('admin');
    const card = await screen.findByRole('region', { name: 'Unassigned items (7)' });
    const late = within(card).getByRole('link', { name: /Late launch post/ });
    expect(late).toHaveTextContent('Item #81 · Blog Post · Acme Media · due');
    expect(late).toHaveTextContent('Overdue');
    expect(late).toHaveAttribute('href', '/fulfilment?status=Unassigned&search=81');
    const untitled = within(card).getByRole('link', { name: /Item 82/ });
    expect(untitled).not.toHaveTextContent('Overdue');
    expect(untitled).toHaveAttribute('href', '/fulfilment?status=Unassigned&search=82');
    expect(within(card).getByRole('link', { name: 'View all 7 in the queue' })).toHaveAttribute('href', '/fulfilment?status=Unassigned');
    // One call feeds the figures and the list.
    expect(called(calls, 'GET /api/dashboard/admin-stats')).toHaveLength(1);
  });

  it('shows an agency its balance with Add Balance (opening the top-up), its users with Add Users, and its order counts', async () => {
    const { user, calls } = openFigures('agency');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    await waitFor(() => expect(balanceCard()).toHaveTextContent('$250.75'));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Users' })).toHaveTextContent('4'));
    expect(screen.getByRole('link', { name: 'Add Users' })).toHaveAttribute('href', '/management?add=1');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Completed Orders' })).toHaveTextContent('30'));
    expect(await screen.findByRole('link', { name: /^In Progress\s*5\b/ })).toHaveAttribute('href', '/order?status=inprogress');

    const addBalance = within(balanceCard()).getByRole('button', { name: 'Add Balance' });
    await user.click(addBalance);
    expect(await screen.findByRole('dialog', { name: 'Add Balance' })).toBeInTheDocument();
    // The dialog's code loads on this first opening; closing it still gives focus back to the button.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Balance' })).not.toBeInTheDocument());
    await waitFor(() => expect(addBalance).toHaveFocus());

    expect(screen.queryByRole('region', { name: 'Active Agencies' })).not.toBeInTheDocument();
    expect(called(calls, 'GET /api/dashboard/admin-stats')).toHaveLength(0);
  });

  it('shows an associate its agency balance without Add Balance, and no user box', async () => {
    const { calls } = openFigures('associate');
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    await waitFor(() => expect(balanceCard()).toHaveTextContent('$250.75'));
    expect(screen.queryByRole('button', { name: 'Add Balance' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Completed Orders' })).toHaveTextContent('30'));
    expect(screen.queryByRole('region', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Users' })).not.toBeInTheDocument();
    expect(called(calls, 'GET /api/user')).toHaveLength(0);
    expect(called(calls, 'GET /api/dashboard/admin-stats')).toHaveLength(0);
  });

  it("sends the welcome guide's Add team members straight to the add-associate form", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = openFigures('agency', { login_count: 1 });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 100));
    const guide = await screen.findByRole('dialog', { name: 'Getting started' });
    await user.click(within(guide).getByRole('button', { name: 'Start: Add team members' }));
    expect(await screen.findByRole('dialog', { name: 'Add Associate' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/management');
  });

  it("opens the Add Balance dialog over the dashboard from the welcome guide's Add balance", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = openFigures('agency', { login_count: 1 });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 100));
    const guide = await screen.findByRole('dialog', { name: 'Getting started' });
    await user.click(within(guide).getByRole('button', { name: 'Start: Add balance' }));
    expect(await screen.findByRole('dialog', { name: 'Add Balance' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Getting started' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('textbox', { name: /Amount/ })).toBeInTheDocument();
  });

  it("opens the admin's credit dialog from the welcome guide's Add balance", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, router } = openFigures('admin', { login_count: 1 });
    await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' });
    await act(() => vi.advanceTimersByTimeAsync(WELCOME_DELAY_MS + 100));
    const guide = await screen.findByRole('dialog', { name: 'Getting started' });
    await user.click(within(guide).getByRole('button', { name: 'Start: Add balance' }));
    expect(await screen.findByRole('dialog', { name: 'Add Balance' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
