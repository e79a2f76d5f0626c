import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { couponAdminMessages, couponScreenMessages, listScreenMessages, messages, orderScreenMessages, type Role } from '@copydesk/shared';
import { historyRow, pageOf } from '@/features/coupons/testing/fixtures';
import { json, mockApi, pickIn, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

const ROWS = [
  historyRow({ id: 9, coupon_code: 'SPRING10', user_name: 'Alex Agency', order_id: 77, discount: 5, created_at: '2026-02-10T15:30:00Z' }),
  historyRow({ id: 8, coupon_code: 'HALF', user_name: 'Bea Boss', order_id: 75, discount: 12.34, created_at: '2026-01-05T09:00:00Z' }),
];

type Handler = (call: FetchCall) => Response | undefined;

function historyApi(role: Role, { rows = ROWS, total = rows.length, handler }: { rows?: typeof ROWS; total?: number; handler?: Handler } = {}) {
  const auth = signIn(role);
  return mockApi((call) => {
    const custom = handler?.(call);
    if (custom) return custom;
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    if (route(call) === 'GET /api/coupon-history') {
      const query = new URL(call.url, 'http://test.local').searchParams;
      const limit = Number(query.get('limit'));
      return json(200, pageOf(rows.slice(0, limit), total, Number(query.get('page')), limit));
    }
  });
}

async function openHistory(options?: Parameters<typeof historyApi>[1]) {
  const calls = historyApi('admin', options);
  const view = renderRoute('/coupon-history');
  await screen.findByRole('heading', { name: 'Coupon History', level: 1 });
  return { ...view, calls };
}

const historyCalls = (calls: FetchCall[]) => calls.filter((c) => route(c) === 'GET /api/coupon-history');
const lastQuery = (calls: FetchCall[]) => Object.fromEntries(new URL(historyCalls(calls).at(-1)!.url, 'http://test.local').searchParams);

describe('coupon history', () => {
  it('lists each use with its coupon, user, order link, discount and date, newest first', async () => {
    const { calls } = await openHistory();
    const row = await screen.findByRole('row', { name: 'Use 9' });
    for (const text of ['9', 'SPRING10', 'Alex Agency', '#77', '$5.00', 'Feb 10, 2026']) expect(row).toHaveTextContent(text);
    expect(within(row).getByRole('link', { name: '#77' })).toHaveAttribute('href', '/items/77');
    expect(screen.getByRole('row', { name: 'Use 8' })).toHaveTextContent('$12.34');

    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['ID', 'Coupon Code', 'User', 'Order ID', 'Discount', 'Used Date']);
    expect(screen.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText(orderScreenMessages.showingEntries(1, 2, 2))).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ page: '1', limit: '5', sort_column: 'id', sort_order: 'desc' });
  });

  it('marks a use a full refund gave back, and keeps it listed', async () => {
    const refunded = historyRow({ id: 7, coupon_code: 'SPRING10', order_id: 70, created_at: '2026-02-01T09:00:00Z', refunded_at: '2026-02-12T09:00:00Z' });
    await openHistory({ rows: [...ROWS, refunded] });
    const row = await screen.findByRole('row', { name: 'Use 7, refunded' });
    expect(row).toHaveTextContent(couponAdminMessages.useRefunded);
    expect(row).toHaveTextContent(couponAdminMessages.useRefundedOn('Feb 12, 2026'));
    expect(screen.getByRole('row', { name: 'Use 9' })).not.toHaveTextContent(couponAdminMessages.useRefunded);
  });

  it('sorts, pages, filters by dates and keyword, and resets', async () => {
    const { user, calls } = await openHistory({ total: 23 });
    await screen.findByRole('row', { name: 'Use 9' });

    await user.click(screen.getByRole('button', { name: 'User' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'user_name', sort_order: 'asc' }));
    await user.click(screen.getByRole('button', { name: 'Used Date' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'created_at', sort_order: 'asc' }));
    await user.click(screen.getByRole('button', { name: 'Used Date' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'created_at', sort_order: 'desc' }));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2' }));

    await pickIn(user, screen.getByRole('combobox', { name: 'Entries per page' }), '10');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '1', limit: '10' }));
    expect(await screen.findByText(orderScreenMessages.showingEntries(1, 10, 23))).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Used from'), { target: { value: '2026-02-01' } });
    fireEvent.change(screen.getByLabelText('Used to'), { target: { value: '2026-02-28' } });
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ from: '2026-02-01', to: '2026-02-28' }));

    await user.type(screen.getByRole('textbox', { name: /Search/ }), '77');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ keyword: '77', from: '2026-02-01' }));

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1', limit: '10', sort_column: 'id', sort_order: 'desc' }));
  });

  it("says 'No data found.' when no coupon has been used", async () => {
    await openHistory({ rows: [] });
    expect(await screen.findByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText(listScreenMessages.couponUsesNone)).toBeInTheDocument();
    expect(screen.getByText(orderScreenMessages.showingEntries(0, 0, 0))).toBeInTheDocument();
  });

  it('shows a failed load as an error with a Retry that asks again, not as an empty history', async () => {
    let failures = 1;
    const { calls } = await openHistory({
      handler: (call) => (route(call) === 'GET /api/coupon-history' && failures-- > 0 ? json(500, { message: messages.serverError }) : undefined),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(couponScreenMessages.historyFailed);
    expect(alert).toHaveTextContent(messages.serverError);
    expect(screen.queryByText(messages.noData)).not.toBeInTheDocument();
    expect(screen.queryByText(orderScreenMessages.showingEntries(0, 0, 0))).not.toBeInTheDocument();
    expect(historyCalls(calls)).toHaveLength(1);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Use 9' })).toBeInTheDocument();
    expect(historyCalls(calls)).toHaveLength(2);
  });

  describe('on a phone', () => {
    const desktop = window.matchMedia;
    afterEach(() => {
      window.matchMedia = desktop;
    });

    it('shows one card per use with its order link, discount and date', async () => {
      window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 47.99em)' })) as typeof window.matchMedia;
      await openHistory();
      const cards = await screen.findByRole('list', { name: 'Coupon history' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const use = within(cards).getByRole('listitem', { name: 'Use 9' });
      for (const text of ['SPRING10', '$5.00', 'UserAlex Agency', 'Used DateFeb 10, 2026']) expect(use).toHaveTextContent(text);
      expect(within(use).getByRole('link', { name: '#77' })).toHaveAttribute('href', '/items/77');
    });
  });

  it.each<Role>(['agency', 'associate'])('sends %s users back to the dashboard', async (role) => {
    const calls = historyApi(role);
    const { router } = renderRoute('/coupon-history');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(historyCalls(calls)).toHaveLength(0);
  });
});
