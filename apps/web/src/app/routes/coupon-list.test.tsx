import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { couponScreenMessages, listScreenMessages, messages, orderScreenMessages, type Coupon, type Role } from '@copydesk/shared';
import { AGENCIES, coupon, pageOf } from '@/features/coupons/testing/fixtures';
import { json, mockApi, pickIn, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

const ROWS: Coupon[] = [
  coupon({ id: 3, coupon_code: 'SPRING10', type: 'fixed', amount: 5, user_id: '31,32', used: 2, limit: 10 }),
  coupon({ id: 2, coupon_code: 'HALF', type: 'percentage', amount: 12.5, user_id: '', status: 0, used: 0, limit: 3 }),
  coupon({ id: 1, coupon_code: 'OLD', expiry: '2020-01-31', user_id: '99' }),
];

type Handler = (call: FetchCall) => Response | undefined;

function couponApi(role: Role, { rows = ROWS, total = rows.length, handler }: { rows?: Coupon[]; total?: number; handler?: Handler } = {}) {
  const auth = signIn(role);
  return mockApi((call) => {
    const custom = handler?.(call);
    if (custom) return custom;
    switch (route(call)) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/user/getuserbyrole/agency':
        return json(200, { data: AGENCIES });
      case 'GET /api/coupon': {
        const query = new URL(call.url, 'http://test.local').searchParams;
        const limit = Number(query.get('limit'));
        return json(200, pageOf(rows.slice(0, limit), total, Number(query.get('page')), limit));
      }
    }
  });
}

async function openList(options?: Parameters<typeof couponApi>[1]) {
  const calls = couponApi('admin', options);
  const view = renderRoute('/coupon');
  await screen.findByRole('heading', { name: 'Coupons', level: 1 });
  return { ...view, calls };
}

const listCalls = (calls: FetchCall[]) => calls.filter((c) => route(c) === 'GET /api/coupon');
const lastQuery = (calls: FetchCall[]) => Object.fromEntries(new URL(listCalls(calls).at(-1)!.url, 'http://test.local').searchParams);

describe('coupon list', () => {
  it('lists coupons with amount, agencies, expiry, usage and status, newest first, five a page', async () => {
    const { calls } = await openList();
    const spring = await screen.findByRole('row', { name: 'Coupon SPRING10' });
    for (const text of ['SPRING10', 'Fixed', '$5.00', 'Dec 31, 2099', '2 / 10', 'Active', 'Feb 3, 2026']) expect(spring).toHaveTextContent(text);
    await waitFor(() => expect(spring).toHaveTextContent('Acme Media, Beta Words'));
    expect(spring).not.toHaveTextContent('Expired');

    const half = screen.getByRole('row', { name: 'Coupon HALF' });
    for (const text of ['Percentage', '12.5%', 'All agencies', '0 / 3', 'Inactive']) expect(half).toHaveTextContent(text);
    expect(half).not.toHaveTextContent('$');

    // An agency no longer listed keeps its id; a past expiry says so in words.
    const old = screen.getByRole('row', { name: 'Coupon OLD' });
    expect(old).toHaveTextContent('Agency #99');
    expect(old).toHaveTextContent('Expired');

    expect(within(spring).getByRole('link', { name: 'Edit coupon SPRING10' })).toHaveAttribute('href', '/edit-coupon/3');
    // The page's own buttons, not the sidebar's entries of the same name.
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Add Coupon' })).toHaveAttribute('href', '/add-coupon');
    expect(main.getByRole('link', { name: 'Used History' })).toHaveAttribute('href', '/coupon-history');
    expect(screen.getByText(orderScreenMessages.showingEntries(1, 3, 3))).toBeInTheDocument();

    expect(lastQuery(calls)).toEqual({ page: '1', limit: '5', sort_column: 'id', sort_order: 'desc' });
  });

  it('sorts by a clicked column, changes page and page size, filters by dates and keyword, and resets', async () => {
    const { user, calls } = await openList({ total: 12 });
    await screen.findByRole('row', { name: 'Coupon SPRING10' });

    await user.click(screen.getByRole('button', { name: 'Code' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'coupon_code', sort_order: 'asc' }));
    expect(screen.getByRole('columnheader', { name: 'Code' })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: 'Code' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'coupon_code', sort_order: 'desc' }));
    await user.click(screen.getByRole('button', { name: 'Used / Limit' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'limit', sort_order: 'asc' }));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2', limit: '5' }));
    expect(await screen.findByText(orderScreenMessages.showingEntries(6, 10, 12))).toBeInTheDocument();

    await pickIn(user, screen.getByRole('combobox', { name: 'Entries per page' }), '20');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '1', limit: '20' }));

    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ from: '2026-01-01' }));
    fireEvent.change(screen.getByLabelText('Created to'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ from: '2026-01-01', to: '2026-01-31', page: '1' }));

    await user.type(screen.getByRole('textbox', { name: /Search/ }), ' spring ');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ keyword: 'spring' }));

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', limit: '20', sort_column: 'id', sort_order: 'desc' }));
    expect(screen.getByLabelText('Created from')).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Search/ })).toHaveValue('');
  });

  it("asks 'Do you really want to delete?', deletes only when confirmed, then reloads the list", async () => {
    let deleted = false;
    const { user, calls } = await openList({
      handler: (call) => {
        if (route(call) === 'DELETE /api/coupon/3') {
          deleted = true;
          return json(200, { message: messages.success });
        }
        if (route(call) === 'GET /api/coupon' && deleted) return json(200, pageOf(ROWS.slice(1), 2));
        return undefined;
      },
    });
    const row = await screen.findByRole('row', { name: 'Coupon SPRING10' });

    await user.click(within(row).getByRole('button', { name: 'Delete coupon SPRING10' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete coupon SPRING10' });
    expect(dialog).toHaveTextContent(messages.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    const before = listCalls(calls).length;
    await user.click(within(row).getByRole('button', { name: 'Delete coupon SPRING10' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete coupon SPRING10' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(messages.success)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Coupon SPRING10' })).not.toBeInTheDocument());
    expect(calls.filter((c) => route(c) === 'DELETE /api/coupon/3')).toHaveLength(1);
    expect(listCalls(calls).length).toBeGreaterThan(before);
    expect(screen.getByRole('row', { name: 'Coupon HALF' })).toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(1, 2, 2))).toBeInTheDocument();
  });

  it('shows why a delete failed and keeps the coupon', async () => {
    const toasts = vi.spyOn(notifications, 'show');
    const { user } = await openList({
      handler: (call) => (route(call) === 'DELETE /api/coupon/3' ? json(404, { message: 'Coupon not found.' }) : undefined),
    });
    await user.click(within(await screen.findByRole('row', { name: 'Coupon SPRING10' })).getByRole('button', { name: 'Delete coupon SPRING10' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Coupon not found.')).toBeInTheDocument();
    // One toast: the central one, none from the screen besides it.
    expect(toasts).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('row', { name: 'Coupon SPRING10' })).toBeInTheDocument();
  });

  it('shows one card per coupon on a phone, with the same edit and delete actions', async () => {
    const desktop = window.matchMedia;
    onTestFinished(() => {
      window.matchMedia = desktop;
    });
    window.matchMedia = vi.fn(
      (query: string) =>
        ({
          matches: query === '(max-width: 47.99em)',
          media: query,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          addListener: vi.fn(),
          removeListener: vi.fn(),
        }) as unknown as MediaQueryList,
    );
    const { user } = await openList();
    const cards = await screen.findByRole('list', { name: 'Coupons' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem', { name: 'Coupon HALF' });
    for (const text of ['HALF', 'Amount12.5%', 'TypePercentage', 'AgenciesAll agencies', 'Inactive', 'Used / Limit0 / 3']) expect(card).toHaveTextContent(text);
    expect(within(card).getByRole('link', { name: 'Edit coupon HALF' })).toHaveAttribute('href', '/edit-coupon/2');
    await user.click(within(card).getByRole('button', { name: 'Delete coupon HALF' }));
    expect(await screen.findByRole('dialog', { name: 'Delete coupon HALF' })).toHaveTextContent(messages.confirmDelete);
  });

  it("says 'No data found.' when there are no coupons, and offers to add one", async () => {
    await openList({ rows: [] });
    expect(await screen.findByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText(listScreenMessages.couponsNone)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Coupons' })).getByRole('link', { name: 'Add Coupon' })).toHaveAttribute('href', '/add-coupon');
    expect(screen.getByText(orderScreenMessages.showingEntries(0, 0, 0))).toBeInTheDocument();
  });

  it('says when no coupon matches the filters, and resets them from the empty list', async () => {
    const { user, calls } = await openList({ rows: [] });
    await user.type(screen.getByRole('textbox', { name: /Search/ }), 'nope');
    expect(await screen.findByText(listScreenMessages.couponsFiltered)).toBeInTheDocument();
    await user.click(within(screen.getByRole('table', { name: 'Coupons' })).getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastQuery(calls)).not.toHaveProperty('keyword'));
    expect(screen.getByRole('textbox', { name: /Search/ })).toHaveValue('');
  });

  it('shows a failed load with a Retry that loads the list again', async () => {
    let failures = 1;
    const { calls } = await openList({
      handler: (call) => (route(call) === 'GET /api/coupon' && failures-- > 0 ? json(500, { message: messages.serverError }) : undefined),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(couponScreenMessages.listFailed);
    expect(alert).toHaveTextContent(messages.serverError);
    expect(screen.queryByRole('row', { name: 'Coupon SPRING10' })).not.toBeInTheDocument();
    expect(screen.queryByText(messages.noData)).not.toBeInTheDocument();
    expect(screen.queryByText(orderScreenMessages.showingEntries(0, 0, 0))).not.toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(1);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Coupon SPRING10' })).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(2);
    expect(screen.queryByText(messages.serverError)).not.toBeInTheDocument();
  });

  it.each<Role>(['agency', 'associate'])('sends %s users back to the dashboard without asking for coupons', async (role) => {
    const calls = couponApi(role);
    const { router } = renderRoute('/coupon');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(listCalls(calls)).toHaveLength(0);
  });
});
