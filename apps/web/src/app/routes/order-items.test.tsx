import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, orderMessages, type Role } from '@copydesk/shared';
import { catalogApi, contentItem, orderRow } from '@/features/orders/testing/fixtures';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

const detail = (order = orderRow(), content = [contentItem(), contentItem({ id: 41, title: 'Done piece', status: 'Approved', cost: 18 })]) => ({
  order,
  content,
  total: 56,
  orderBreakDown: [],
  message: orderMessages.orderFetched,
});

type Setup = { role?: Role; body?: unknown; status?: number; handler?: (call: FetchCall) => Response | undefined };

async function openItems({ role = 'agency', body = detail(), status = 200, handler }: Setup = {}) {
  const auth = signIn(role);
  const calls = mockApi((call) => {
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    if (route(call) === 'GET /api/order/getById/12') return json(status, body);
    return handler?.(call) ?? catalogApi(call);
  });
  const view = renderRoute('/items/12');
  await screen.findByRole('heading', { name: 'Order 12' });
  return { ...view, calls };
}

async function pickIn(user: UserEvent, input: HTMLElement, option: string) {
  await user.click(input);
  await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
  await user.click(within(document.getElementById(input.getAttribute('aria-controls')!)!).getByRole('option', { name: option, hidden: true }));
}

describe('order items', () => {
  it('lists the items and offers Pay Now for an unpaid order', async () => {
    const { user, router } = await openItems();
    const row = await screen.findByRole('row', { name: 'Item 40' });
    for (const text of ['Five habits', 'Spring launch', 'Blog Post', '500 Words', 'Unpaid', '$38.00']) expect(row).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', '/payment/12');
    expect(screen.queryByRole('link', { name: 'Place an Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit item/ })).not.toBeInTheDocument();

    await user.click(row);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content-view/40'));
  });

  it('offers Place an Order once the order is paid', async () => {
    await openItems({ body: detail(orderRow({ unpaid: false, status: 'IN-PROGRESS', payment_id: 3 })) });
    expect(await screen.findByRole('link', { name: 'Place an Order' })).toHaveAttribute('href', '/create');
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it('sends an unverified user back with the spec message', async () => {
    const { router } = await openItems({ status: 403, body: { message: messages.verifyToViewOrder } });
    expect(await screen.findByText(messages.verifyToViewOrder)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
  });

  it('lets an admin edit an item that is not Approved, with the price following the choices', async () => {
    const { user, calls } = await openItems({
      role: 'admin',
      handler: (call) => (route(call) === 'PATCH /api/content/40' ? json(200, { message: messages.success }) : undefined),
    });
    await screen.findByRole('row', { name: 'Item 40' });
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Place an Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit item 41' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit item 40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit item 40' });
    const price = within(dialog).getByTestId('edit-item-price');
    await waitFor(() => expect(price).toHaveTextContent('$38.00'));

    await pickIn(user, within(dialog).getByRole('combobox', { name: 'Word Count' }), '300 Words — $18.00');
    expect(within(dialog).getByRole('combobox', { name: 'Add-On' })).toHaveValue('No Add-On');
    expect(price).toHaveTextContent('$18.00');
    await pickIn(user, within(dialog).getByRole('combobox', { name: 'Add-On' }), 'Stock Images (3) (+$8.00)');
    expect(price).toHaveTextContent('$26.00');

    const keywords = within(dialog).getByRole('textbox', { name: 'Keywords' });
    fireEvent.change(keywords, { target: { value: 'stock;shops;bikes;roads' } });
    expect(await screen.findByText(messages.maxKeywords)).toBeInTheDocument();
    expect(keywords).toHaveValue('');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.highlightedRequired)).toBeInTheDocument();
    expect(keywords).toHaveAttribute('aria-invalid', 'true');

    await user.type(keywords, 'bikes;roads');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.success)).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'PATCH /api/content/40')?.body).toEqual({
      wordCount: { word: '300 Words', price: 18 },
      addOns: { addOn: 'Stock Images (3)', price: 8 },
      keyword: 'bikes;roads',
      articleTitle: 'Five habits',
      description: 'Stock levels',
    });
  });

  it('asks before an admin deletes an item', async () => {
    const { user, calls } = await openItems({
      role: 'admin',
      handler: (call) => (route(call) === 'DELETE /api/content/41' ? json(200, { message: messages.success }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete item 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item 41' });
    expect(dialog).toHaveTextContent(messages.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.success)).toBeInTheDocument();
    expect(calls.some((c) => route(c) === 'DELETE /api/content/41')).toBe(true);
  });
});
