import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listScreenMessages, messages, type Role } from '@copydesk/shared';
import { catalogApi, pageMeta } from '@/features/orders/testing/fixtures';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

/**
 * What a screen's panels say when their data cannot be loaded: the one error component (what
 * failed, the server's message, Retry), never an empty panel, and Retry asks again.
 */
function failingOnce(failing: (call: FetchCall) => boolean, role: Role, answer: (call: FetchCall) => Response | undefined) {
  const auth = signIn(role, { order_count: 3, login_count: 5 });
  let failed = false;
  const calls = mockApi((call) => {
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    if (!failed && failing(call)) {
      failed = true;
      return json(500, { message: messages.serverError });
    }
    return answer(call);
  });
  return calls;
}

async function expectErrorThenRetry(title: string, calls: FetchCall[], failing: (call: FetchCall) => boolean, loaded: () => Promise<unknown>) {
  const alert = (await screen.findAllByRole('alert')).find((el) => el.textContent?.includes(title));
  expect(alert, `an alert titled "${title}"`).toBeDefined();
  expect(alert).toHaveTextContent(messages.serverError);
  const before = calls.filter(failing).length;
  within(alert!).getByRole('button', { name: 'Retry' }).click();
  await loaded();
  expect(calls.filter(failing).length).toBe(before + 1);
}

describe('panels that fail to load', () => {
  it("the dashboard's review queue", async () => {
    const failing = (call: FetchCall) => route(call) === 'GET /api/content';
    const item = {
      id: 40,
      order_id: 12,
      article_title: 'Five habits',
      order_type: 'Blog Post',
      word_count: '500 Words',
      status: 'Pending Review',
      due_at: null,
      updated_at: '2026-03-04T09:00:00Z',
    };
    const calls = failingOnce(failing, 'agency', (call) => {
      const r = route(call);
      if (r === 'GET /api/content') return json(200, { data: [item], meta: pageMeta(1, 1, 5) });
      if (r === 'GET /api/order') return json(200, { data: [], meta: pageMeta(0, 1, 3) });
      if (r.startsWith('GET /api/order/getCountBystatus/')) return json(200, { count: 0 });
      return undefined;
    });
    renderRoute('/dashboard');
    await expectErrorThenRetry(listScreenMessages.reviewQueueFailed, calls, failing, () => screen.findByRole('link', { name: /^Five habits/ }));
  });

  it("the billing screen's spending chart", async () => {
    const failing = (call: FetchCall) => route(call) === 'GET /api/billing/spendingByMonth';
    const calls = failingOnce(failing, 'agency', (call) => {
      const r = route(call);
      if (r === 'GET /api/billing/spendingByMonth') return json(200, { data: [] });
      if (r === 'GET /api/billing') return json(200, { data: [], meta: pageMeta(0, 1, 5) });
      if (r.startsWith('GET /api/billing/getAvailableBalance/')) return json(200, { balance: 500 });
      if (r.startsWith('GET /api/billing/getSpending/')) return json(200, { spending: 0 });
      if (r.startsWith('GET /api/user/getsavedcards/')) return json(200, { data: [], billing_address: null });
      return undefined;
    });
    renderRoute('/billing');
    await expectErrorThenRetry(listScreenMessages.spendingFailed, calls, failing, () => screen.findByText(/^No order payments in the last/));
    expect(screen.queryByText(listScreenMessages.spendingFailed)).not.toBeInTheDocument();
    // No months to name: the subtitle says what the chart counts without a dangling comma.
    expect(screen.getByText('Order payments less refunds per month (UTC)')).toBeInTheDocument();
  });

  it("the order form's order types", async () => {
    const failing = (call: FetchCall) => route(call) === 'GET /api/miscellaneous/getProducts';
    const calls = failingOnce(failing, 'agency', (call) => catalogApi(call));
    renderRoute('/create');
    await expectErrorThenRetry(listScreenMessages.orderTypesFailed, calls, failing, () => screen.findByRole('button', { name: 'View Sample of Blog Post' }));
  });
});
