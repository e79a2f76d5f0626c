import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, reviewScreenMessages } from '@copydesk/shared';
import { json, mockApi, renderRoute, route } from '@/test/utils';
import { orderRow, pageMeta } from '../testing/fixtures';
import { RecentOrders } from './recent-orders';

/** The dashboard's latest orders: the request to complete a payment is for customers only. */
function open(isAdmin: boolean) {
  mockApi((call) => {
    if (route(call) === 'GET /api/order') return json(200, { data: [orderRow({ id: 14, unpaid: true, status: 'UNPAID' })], meta: pageMeta(1, 1, 3) });
  });
  renderRoute('/', [{ path: '/', element: <RecentOrders isAdmin={isAdmin} /> }]);
}

describe('recent orders', () => {
  it('asks a customer to complete the payment of an unpaid order', async () => {
    open(false);
    expect(await screen.findByRole('link', { name: /^Order #14/ })).toHaveTextContent(messages.orderNotActive);
  });

  it('never shows an admin that customer-only request, only the status', async () => {
    open(true);
    const order = await screen.findByRole('link', { name: /^Order #14/ });
    expect(order).not.toHaveTextContent(messages.orderNotActive);
    expect(order).toHaveTextContent('Unpaid');
  });

  it('says its orders could not be loaded, with Retry, instead of looking empty, and recovers', async () => {
    let failed = false;
    mockApi((call) => {
      if (route(call) !== 'GET /api/order') return undefined;
      if (!failed) {
        failed = true;
        return json(500, { message: messages.serverError });
      }
      return json(200, { data: [orderRow({ id: 15 })], meta: pageMeta(1, 1, 3) });
    });
    renderRoute('/', [{ path: '/', element: <RecentOrders isAdmin={false} /> }]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reviewScreenMessages.recentOrdersFailed);
    expect(screen.queryByText(messages.noData)).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /^Order #15/ })).toBeInTheDocument();
  });
});
