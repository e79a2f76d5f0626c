import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contentMessages, listScreenMessages, messages, orderMessages, orderScreenMessages, type Role } from '@copydesk/shared';
import { orderRow, pageMeta } from '@/features/orders/testing/fixtures';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

const COUNTS: Record<string, number> = { all: 57, null: 20, approved: 30, unpaid: 7 };

const ROWS = [
  orderRow({ id: 14, status: 'UNPAID', unpaid: true, total: 46 }),
  orderRow({ id: 13, status: 'IN-PROGRESS', unpaid: false, payment_id: 5, order_by: 'Bob Brown', user_id: 9, total: 120.5 }),
  orderRow({ id: 12, status: 'COMPLETED', unpaid: false, payment_id: 4, total: 18 }),
];

type Setup = { role?: Role; rows?: typeof ROWS; total?: number; path?: string; handler?: (call: FetchCall) => Response | undefined };

async function openList({ role = 'agency', rows = ROWS, total = 57, path = '/order', handler }: Setup = {}) {
  const auth = signIn(role);
  const calls = mockApi((call) => {
    const r = route(call);
    if (r === 'GET /api/getInfo') return json(200, { user: auth.user });
    const custom = handler?.(call);
    if (custom) return custom;
    if (r === 'GET /api/order') {
      const query = new URL(call.url, 'http://test.local').searchParams;
      const limit = Number(query.get('limit') ?? 30);
      const page = Number(query.get('page') ?? 1);
      const next = page * limit < total ? `cursor-${query.get('sort_column')}-${query.get('sort_order')}-${page}` : null;
      return json(200, { data: rows.slice(0, limit), meta: pageMeta(total, page, limit, next) });
    }
    const count = /^GET \/api\/order\/getCountBystatus\/(\w+)$/.exec(r);
    if (count) return json(200, { count: COUNTS[count[1]!] });
  });
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Orders' });
  return { ...view, calls };
}

/** The query of the latest list call. */
const lastListQuery = (calls: FetchCall[]) => {
  const list = calls.filter((c) => route(c) === 'GET /api/order');
  return new URL(list.at(-1)!.url, 'http://test.local').searchParams;
};

describe('orders list', () => {
  it('shows the counters, the rows and the entries line', async () => {
    const { calls } = await openList();
    expect(await screen.findByRole('row', { name: 'Order 14' })).toHaveTextContent('$46.00');
    expect(screen.getByRole('row', { name: 'Order 13' })).toHaveTextContent('$120.50');
    expect(screen.getByRole('row', { name: 'Order 13' })).toHaveTextContent('In progress');
    expect(screen.getByText(orderScreenMessages.showingEntries(1, 30, 57))).toBeInTheDocument();
    for (const [label, n] of [
      ['Total Orders', '57'],
      ['In Progress', '20'],
      ['Completed', '30'],
      ['Unpaid', '7'],
    ]) {
      const counts = within(screen.getByRole('region', { name: 'Order counts' }));
      await waitFor(() => expect(counts.getByText(label!).parentElement).toHaveTextContent(n!));
    }
    const query = lastListQuery(calls);
    expect(query.get('sort_column')).toBe('id');
    expect(query.get('sort_order')).toBe('desc');
    expect(query.get('limit')).toBe('30');
    expect(screen.getByRole('link', { name: 'Place an Order' })).toHaveAttribute('href', '/create');
  });

  it('toggles the sort of a column and starts a new column ascending', async () => {
    const { user, calls } = await openList();
    await screen.findByRole('row', { name: 'Order 14' });

    await user.click(screen.getByRole('button', { name: 'Order ID' }));
    await waitFor(() => expect(lastListQuery(calls).get('sort_order')).toBe('asc'));
    expect(screen.getByRole('columnheader', { name: 'Order ID' })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Order ID' }));
    await waitFor(() => expect(lastListQuery(calls).get('sort_order')).toBe('desc'));

    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(lastListQuery(calls).get('sort_column')).toBe('total'));
    expect(lastListQuery(calls).get('sort_order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: 'Order ID' })).toHaveAttribute('aria-sort', 'none');
  });

  it('changes the page size and pages with Previous and Next', async () => {
    const { user, calls } = await openList();
    await screen.findByRole('row', { name: 'Order 14' });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery(calls).get('page')).toBe('2'));
    expect(await screen.findByText(orderScreenMessages.showingEntries(31, 57, 57))).toBeInTheDocument();

    const sizes = screen.getByRole('combobox', { name: 'Entries per page' });
    await user.click(sizes);
    const list = within(document.getElementById(sizes.getAttribute('aria-controls')!)!);
    expect(list.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['10', '20', '30', '50', '100']);
    await user.click(list.getByRole('option', { name: '10', hidden: true }));
    await waitFor(() => expect(lastListQuery(calls).get('limit')).toBe('10'));
    expect(lastListQuery(calls).get('page')).toBe('1');
  });

  it('reads the next page after the cursor of the page before it, and any other page by its number', async () => {
    const { user, calls } = await openList({ total: 100 });
    await screen.findByRole('row', { name: 'Order 14' });
    expect(lastListQuery(calls).get('after')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery(calls).get('page')).toBe('2'));
    expect(lastListQuery(calls).get('after')).toBe('cursor-id-desc-1');
    expect(await screen.findByText(orderScreenMessages.showingEntries(31, 60, 100))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(lastListQuery(calls).get('page')).toBe('1'));
    expect(lastListQuery(calls).get('after')).toBeNull();

    // Under another sort the cursors read before do not apply.
    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(lastListQuery(calls).get('sort_column')).toBe('total'));
    expect(lastListQuery(calls).get('after')).toBeNull();
    await screen.findByText(orderScreenMessages.showingEntries(1, 30, 100));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery(calls).get('page')).toBe('2'));
    expect(lastListQuery(calls).get('after')).toBe('cursor-total-asc-1');
  });

  it('says No data found. when there are no orders yet, and offers to place one', async () => {
    await openList({ rows: [], total: 0 });
    expect(await screen.findByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText(listScreenMessages.ordersNoneCustomer)).toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(0, 0, 0))).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Place an Order' });
    expect(links.every((link) => link.getAttribute('href') === '/create')).toBe(true);
    expect(links).toHaveLength(2);
  });

  it('says when no order matches the filters, and resets them from the empty list', async () => {
    const { user, calls } = await openList({ rows: [], total: 0, path: '/order?status=unpaid' });
    expect(await screen.findByText(listScreenMessages.ordersFiltered)).toBeInTheDocument();
    expect(screen.getByText(messages.noData)).toBeInTheDocument();
    // The filters' own reset icon has the same name: this is the one in the empty list.
    const reset = within(screen.getByRole('table', { name: 'Orders' })).getByRole('button', { name: 'Reset filters' });
    await user.click(reset);
    await waitFor(() => expect(lastListQuery(calls).has('status')).toBe(false));
  });

  it('shows a failed list as an error with Retry, not as an empty account, and Retry asks again', async () => {
    let failing = true;
    const { user, calls } = await openList({
      handler: (call) => (route(call) === 'GET /api/order' && failing ? json(500, { message: messages.serverError }) : undefined),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(listScreenMessages.ordersFailed);
    expect(alert).toHaveTextContent(messages.serverError);
    expect(screen.queryByText(messages.noData)).not.toBeInTheDocument();
    expect(screen.queryByText(orderScreenMessages.showingEntries(0, 0, 0))).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const before = calls.filter((c) => route(c) === 'GET /api/order').length;
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Order 14' })).toBeInTheDocument();
    expect(calls.filter((c) => route(c) === 'GET /api/order').length).toBe(before + 1);
    expect(screen.getByText(orderScreenMessages.showingEntries(1, 30, 57))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('takes the status from the query, filters by order id and resets everything', async () => {
    const { user, calls, router } = await openList({ path: '/order?status=pending_review' });
    await screen.findByRole('row', { name: 'Order 14' });
    expect(lastListQuery(calls).get('status')).toBe('pending_review');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending Review');

    await user.type(screen.getByRole('textbox', { name: 'Order ID' }), '13x');
    expect(screen.getByRole('textbox', { name: 'Order ID' })).toHaveValue('13');
    await waitFor(() => expect(lastListQuery(calls).get('orderId')).toBe('13'));

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastListQuery(calls).has('orderId')).toBe(false));
    expect(lastListQuery(calls).has('status')).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Order ID' })).toHaveValue('');
  });

  it('opens an unpaid order at its payment, others at their items', async () => {
    const { user, router } = await openList();
    expect(screen.queryByRole('link', { name: 'Edit order 13' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit order 14' })).toHaveAttribute('href', '/create/14');
    expect(screen.getByRole('link', { name: 'View order 13' })).toHaveAttribute('href', '/items/13');
    expect(screen.getByRole('button', { name: 'Download invoice of order 13' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download invoice of order 14' })).not.toBeInTheDocument();
    // A customer deletes its unpaid orders (docs/decisions/0034-customers-delete-unpaid-orders.md); a paid one stays the admin's.
    expect(screen.getByRole('button', { name: 'Delete order 14' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete order 13' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('row', { name: 'Order 14' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/14'));
  });

  it('opens the invoice link in a new tab', async () => {
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    const { user, calls } = await openList({
      handler: (call) =>
        route(call) === 'GET /api/order/downloadinvoice/5' ? json(200, { link: 'https://copydesk.test/api/invoices/signed/abc' }) : undefined,
    });
    await user.click(await screen.findByRole('button', { name: 'Download invoice of order 13' }));
    await waitFor(() => expect(opened).toEqual(['https://copydesk.test/api/invoices/signed/abc']));
    expect(calls.some((c) => route(c) === 'GET /api/order/downloadinvoice/5')).toBe(true);
  });

  it('lets an associate filter without a user filter', async () => {
    const { calls } = await openList({ role: 'associate' });
    await screen.findByRole('row', { name: 'Order 14' });
    expect(screen.queryByRole('combobox', { name: 'User' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Keyword' })).toBeInTheDocument();
    // Associates have no user list to ask for (the server would answer 403).
    expect(calls.some((c) => route(c) === 'GET /api/user')).toBe(false);
  });

  it.each(['admin', 'agency'] as const)('lets the %s filter by any user in its scope, listed by GET /user?showAll=1', async (role) => {
    const { user, calls } = await openList({
      role,
      handler: (call) =>
        route(call) === 'GET /api/user'
          ? json(200, {
              data: [
                { id: 9, name: 'Bob Brown', email: 'bob@example.com' },
                // Someone without an order in the rows on screen is offered too.
                { id: 21, name: 'Alice Archer', email: 'alice@example.com' },
              ],
            })
          : undefined,
    });
    await screen.findByRole('row', { name: 'Order 14' });
    // Admins order nothing themselves.
    expect(screen.queryByRole('link', { name: 'Place an Order' }) !== null).toBe(role === 'agency');
    const options = calls.filter((c) => route(c) === 'GET /api/user');
    expect(options).toHaveLength(1);
    expect(new URL(options[0]!.url, 'http://test.local').searchParams.get('showAll')).toBe('1');

    const users = screen.getByRole('combobox', { name: 'User' });
    await user.click(users);
    const list = within(document.getElementById(users.getAttribute('aria-controls')!)!);
    const names = (await list.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(names).toEqual(['Alice Archer (alice@example.com)', 'Bob Brown (bob@example.com)']);
    await user.click(list.getByRole('option', { name: 'Alice Archer (alice@example.com)', hidden: true }));
    await waitFor(() => expect(lastListQuery(calls).get('user')).toBe('21'));
  });

  it('asks before an admin deletes an order, then deletes it', async () => {
    const { user, calls, router } = await openList({
      role: 'admin',
      handler: (call) => (route(call) === 'DELETE /api/order/14' ? json(200, { message: messages.success }) : undefined),
    });
    await screen.findByRole('row', { name: 'Order 14' });
    // an admin's row opens the items, even for an unpaid order
    expect(screen.getByRole('link', { name: 'View order 14' })).toHaveAttribute('href', '/items/14');
    // A completed order holds approved work, which the server refuses to delete: no icon for it.
    expect(screen.getByRole('button', { name: 'Delete order 13' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete order 12' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete order 14' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete order 14' });
    expect(dialog).toHaveTextContent(messages.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete order 14' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete order 14' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.success)).toBeInTheDocument();
    expect(calls.some((c) => route(c) === 'DELETE /api/order/14')).toBe(true);
    expect(router.state.location.pathname).toBe('/order');
  });

  it('lets a customer tick unpaid orders and delete them together after one confirmation', async () => {
    const rows = [orderRow({ id: 16, unpaid: true }), orderRow({ id: 15, unpaid: true }), ...ROWS];
    const { user, calls } = await openList({
      role: 'associate',
      rows,
      handler: (call) => (route(call) === 'POST /api/order/delete' ? json(200, { message: orderMessages.ordersDeleted(2), deleted: [14, 16] }) : undefined),
    });
    await screen.findByRole('row', { name: 'Order 16' });
    // Paid rows have no checkbox: they are not the customer's to delete.
    expect(screen.queryByRole('checkbox', { name: 'Select order 13' })).not.toBeInTheDocument();
    const deleteSelected = screen.getByRole('button', { name: 'Delete selected' });
    expect(deleteSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select order 16' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order 14' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    // Ticking did not open the order.
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();

    await user.click(deleteSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 orders' });
    expect(dialog).toHaveTextContent(orderMessages.confirmDeleteSelected(2));
    expect(dialog).toHaveTextContent(orderMessages.confirmDeleteUnpaid);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(orderMessages.ordersDeleted(2))).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/order/delete')?.body).toEqual({ ids: [16, 14] });
  });

  it('selects every unpaid order of the page at once', async () => {
    const rows = [orderRow({ id: 15, unpaid: true }), ...ROWS];
    const { user } = await openList({ rows });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all unpaid orders on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select order 15' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select order 14' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('says a paid order is refunded to the agency wallet and shows the refund the server made', async () => {
    const refunded = contentMessages.refunded('$120.50');
    const { user } = await openList({
      role: 'admin',
      handler: (call) => (route(call) === 'DELETE /api/order/13' ? json(200, { message: refunded }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete order 14' }));
    expect(await screen.findByRole('dialog', { name: 'Delete order 14' })).not.toHaveTextContent(/refund/i);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Delete order 13' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete order 13' });
    expect(dialog).toHaveTextContent("This order has been paid. The amount paid for it will be refunded to the agency's wallet");
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refunded)).toBeInTheDocument();
  });
});

describe('orders list on a phone', () => {
  const desktop = window.matchMedia;
  afterEach(() => {
    window.matchMedia = desktop;
  });

  it('shows one card per order with its total, status and actions in view, and no wide table', async () => {
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 47.99em)' })) as typeof window.matchMedia;
    const { user, router, calls } = await openList();
    const cards = await screen.findByRole('list', { name: 'Orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const paid = within(cards).getByRole('listitem', { name: 'Order 13' });
    for (const text of ['#13', 'Total', '$120.50', 'In progress', 'Ordered By', 'Bob Brown']) expect(paid).toHaveTextContent(text);
    expect(within(paid).getByRole('link', { name: 'View order 13' })).toHaveAttribute('href', '/items/13');
    expect(within(paid).getByRole('button', { name: 'Download invoice of order 13' })).toBeInTheDocument();

    // The headers' sorts become one choice.
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sortBy).toHaveValue('id:desc');
    await user.selectOptions(sortBy, 'total:asc');
    await waitFor(() => expect(lastListQuery(calls).get('sort_column')).toBe('total'));

    const unpaid = within(cards).getByRole('listitem', { name: 'Order 14' });
    unpaid.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/14'));
  });
});
