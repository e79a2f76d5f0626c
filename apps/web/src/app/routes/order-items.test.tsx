import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { contentMessages, listScreenMessages, messages, orderMessages, reviewScreenMessages, type Role } from '@copydesk/shared';
import { catalogApi, contentItem, orderRow } from '@/features/orders/testing/fixtures';
import { captureDownloads, fileResponse } from '@/test/fake-xhr';
import { json, mockApi, renderRoute, route, signIn, pickIn, type FetchCall } from '@/test/utils';

const detail = (order = orderRow(), content = [contentItem(), contentItem({ id: 41, title: 'Done piece', status: 'Approved', cost: 18 })]) => ({
  order,
  content,
  total: 56,
  orderBreakDown: [],
  message: orderMessages.orderFetched,
});

const paid = (content: ReturnType<typeof contentItem>[]) => detail(orderRow({ unpaid: false, status: 'IN-PROGRESS', payment_id: 3 }), content);

type Setup = { role?: Role; body?: unknown; status?: number; handler?: (call: FetchCall) => Response | undefined };

async function openItems({ role = 'agency', body = detail(), status = 200, handler }: Setup = {}) {
  const auth = signIn(role);
  const calls = mockApi((call) => {
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    const answer = handler?.(call);
    if (answer) return answer;
    if (route(call) === 'GET /api/order/getById/12') return json(status, body);
    return catalogApi(call);
  });
  const view = renderRoute('/items/12');
  await screen.findByRole('heading', { name: 'Order 12' });
  return { ...view, calls };
}

describe('order items', () => {
  it('lists the items and offers Pay Now for an unpaid order', async () => {
    const { user, router } = await openItems();
    const row = await screen.findByRole('row', { name: 'Item 40' });
    for (const text of ['Five habits', 'Spring launch', 'Blog Post', '500 Words', 'Unpaid', '$38.00']) expect(row).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Pay Now' })).toHaveAttribute('href', '/payment/12');
    expect(screen.queryByRole('link', { name: 'Place an Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit item/ })).not.toBeInTheDocument();

    // The row is one link, named by the item, with a chevron.
    const link = within(row).getByRole('link');
    expect(link).toHaveAccessibleName('Item 40: Five habits');
    expect(link).toHaveAttribute('href', '/content-view/40');
    expect(within(row).getAllByRole('link')).toHaveLength(1);
    expect(row.querySelector('.tabler-icon-chevron-right')).not.toBeNull();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content-view/40'));
  });

  it('offers Place an Order once the order is paid', async () => {
    await openItems({ body: detail(orderRow({ unpaid: false, status: 'IN-PROGRESS', payment_id: 3 })) });
    expect(await screen.findByRole('link', { name: 'Place an Order' })).toHaveAttribute('href', '/create');
    expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
  });

  it("tells an unverified user the original portal's message in place, with Retry", async () => {
    const { router } = await openItems({ status: 403, body: { code: 'order.email_unverified', message: messages.verifyToViewOrder } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reviewScreenMessages.orderFailed);
    expect(alert).toHaveTextContent(messages.verifyToViewOrder);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/items/12');
  });

  it("says an order that is missing or another agency's (404) does not exist or is not the user's", async () => {
    await openItems({ status: 404, body: { message: messages.notFound } });
    expect(await screen.findByRole('alert')).toHaveTextContent(reviewScreenMessages.orderMissing);
    expect(screen.getByRole('link', { name: reviewScreenMessages.backToOrders })).toHaveAttribute('href', '/order');
  });

  it('recovers a failed load with Retry', async () => {
    let failed = false;
    await openItems({
      handler: (call) => {
        if (route(call) !== 'GET /api/order/getById/12' || failed) return undefined;
        failed = true;
        return json(500, { message: messages.serverError });
      },
    });
    fireEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Item 40' })).toBeInTheDocument();
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

    // The order form's rules: the title the item has stays required; keywords are not.
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.highlightedRequired)).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(keywords).not.toHaveAttribute('aria-invalid');

    await user.type(title, 'Five habits');
    await user.type(keywords, 'bikes;roads');
    // The whole brief of an unpaid item: here its audience.
    const audience = within(dialog).getByRole('textbox', { name: 'Target Audience' });
    await user.clear(audience);
    await user.type(audience, 'Cyclists');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.success)).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'PATCH /api/content/40')?.body).toMatchObject({
      wordCount: { word: '300 Words', price: 18 },
      addOns: { addOn: 'Stock Images (3)', price: 8 },
      keyword: 'bikes;roads',
      articleTitle: 'Five habits',
      description: 'Stock levels',
      orderType: 'Blog Post',
      category: 'Technology',
      project_name: 'Spring launch',
      about_company: 'We build city bikes.',
      target_audience: 'Cyclists',
      writing_tone: 'Casual',
      purpose: 'Informative',
      publish_medium: 'Own Website',
      use_same_title: false,
    });
  });

  it('edits only the title, keywords and description of a paid item', async () => {
    const { user, calls } = await openItems({
      role: 'admin',
      body: paid([contentItem({ status: 'In Progress' }), contentItem({ id: 41, status: 'In Progress' })]),
      handler: (call) => (route(call) === 'PATCH /api/content/40' ? json(200, { message: messages.success }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit item 40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit item 40' });
    expect(within(dialog).queryByRole('textbox', { name: 'Target Audience' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Order Type' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Word Count' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.success)).toBeInTheDocument();
    expect(Object.keys(calls.find((c) => route(c) === 'PATCH /api/content/40')?.body as object).sort()).toEqual([
      'addOns',
      'articleTitle',
      'description',
      'keyword',
      'wordCount',
    ]);
  });

  it('lets a customer delete an unpaid item after a confirmation', async () => {
    const { user, calls } = await openItems({
      body: detail(orderRow(), [contentItem(), contentItem({ id: 41, title: 'Second piece' })]),
      handler: (call) => (route(call) === 'DELETE /api/content/41' ? json(200, { message: messages.success }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete item 41' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item 41' });
    expect(dialog).toHaveTextContent(orderMessages.confirmDeleteUnpaid);
    expect(screen.queryByRole('button', { name: /^Edit item/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => route(c) === 'DELETE /api/content/41')).toBe(true));
  });

  it("offers no delete for an order's only item, which the server refuses (the order is deleted instead)", async () => {
    await openItems({ role: 'admin', body: detail(orderRow(), [contentItem()]) });
    await screen.findByRole('row', { name: 'Item 40' });
    expect(screen.getByRole('button', { name: 'Edit item 40' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete item 40' })).not.toBeInTheDocument();
  });

  it('asks before an admin deletes an unpaid item, and keeps approved ones', async () => {
    const { user, calls } = await openItems({
      role: 'admin',
      handler: (call) => (route(call) === 'DELETE /api/content/40' ? json(200, { message: contentMessages.deleted }) : undefined),
    });
    await screen.findByRole('row', { name: 'Item 41' });
    expect(screen.queryByRole('button', { name: 'Delete item 41' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete item 40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item 40' });
    expect(dialog).toHaveTextContent(messages.confirmDelete);
    expect(dialog).not.toHaveTextContent(/refund/i);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(contentMessages.deleted)).toBeInTheDocument();
    expect(calls.some((c) => route(c) === 'DELETE /api/content/40')).toBe(true);
  });

  it('says a paid item is refunded to the agency wallet, and shows the refund the server made', async () => {
    const refunded = contentMessages.refunded('$28.00');
    const { user, calls } = await openItems({
      role: 'admin',
      body: paid([contentItem({ status: 'In Progress' }), contentItem({ id: 41, title: 'Done piece', status: 'Approved' })]),
      handler: (call) => (route(call) === 'DELETE /api/content/40' ? json(200, { message: refunded }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete item 40' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete item 40' });
    expect(dialog).toHaveTextContent("The amount paid for it will be refunded to the agency's wallet");
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refunded)).toBeInTheDocument();
    expect(calls.filter((c) => route(c) === 'DELETE /api/content/40')).toHaveLength(1);
  });

  it('shows customers "Queued for a writer" where admins read Unassigned', async () => {
    const body = paid([contentItem({ status: 'Unassigned' })]);
    await openItems({ body });
    expect(await screen.findByRole('row', { name: 'Item 40' })).toHaveTextContent('Queued for a writer');
    expect(screen.getByRole('row', { name: 'Item 40' })).not.toHaveTextContent('Unassigned');
  });

  it('says No data found. for an order with no items left', async () => {
    await openItems({ body: detail(orderRow(), []) });
    expect(await screen.findByText(messages.noData)).toBeInTheDocument();
    expect(screen.getByText(listScreenMessages.orderItemsNone)).toBeInTheDocument();
  });

  it('shows admins the raw Unassigned status', async () => {
    await openItems({ role: 'admin', body: paid([contentItem({ status: 'Unassigned' })]) });
    expect(await screen.findByRole('row', { name: 'Item 40' })).toHaveTextContent('Unassigned');
  });
});

describe('order items on a phone', () => {
  const desktop = window.matchMedia;
  afterEach(() => {
    window.matchMedia = desktop;
  });

  it('shows one card per item with its status, price and actions in view', async () => {
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 47.99em)' })) as typeof window.matchMedia;
    const { user, router } = await openItems({ role: 'admin' });
    const cards = await screen.findByRole('list', { name: 'Items' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const item = within(cards).getByRole('listitem', { name: 'Item 40' });
    for (const text of ['#40 Five habits', 'Unpaid', 'Price', '$38.00', 'Word Count', '500 Words']) expect(item).toHaveTextContent(text);
    await user.click(within(item).getByRole('button', { name: 'Edit item 40' }));
    expect(await screen.findByRole('dialog', { name: 'Edit item 40' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/items/12');
  });
});

describe('order items: export of delivered files', () => {
  it('downloads the zip of a paid order with the bearer header', async () => {
    const saved = captureDownloads();
    const { user, calls } = await openItems({
      body: paid([contentItem({ status: 'Pending Review' })]),
      handler: (call) => (route(call) === 'GET /api/order/12/export' ? fileResponse('order-12-delivered.zip', 'application/zip') : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Export delivered files' }));
    await waitFor(() => expect(saved).toEqual(['order-12-delivered.zip']));
    expect(calls.find((c) => route(c) === 'GET /api/order/12/export')?.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('says so when nothing has been delivered yet', async () => {
    const saved = captureDownloads();
    const { user } = await openItems({
      role: 'admin',
      body: paid([contentItem({ status: 'Unassigned' })]),
      handler: (call) => (route(call) === 'GET /api/order/12/export' ? json(404, { message: contentMessages.exportEmpty }) : undefined),
    });
    await user.click(await screen.findByRole('button', { name: 'Export delivered files' }));
    expect(await screen.findByText(contentMessages.exportEmpty)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('is not offered for an unpaid order', async () => {
    await openItems();
    await screen.findByRole('row', { name: 'Item 40' });
    expect(screen.queryByRole('button', { name: 'Export delivered files' })).not.toBeInTheDocument();
  });
});

describe('order items: messaging support', () => {
  const emptyInbox = (call: FetchCall) =>
    route(call) === 'GET /api/message'
      ? json(200, { data: [], meta: { from: null, to: null, total: 0, last_page: 1, current_page: 1, per_page: 10 } })
      : undefined;

  it('lets a customer write to support about the order, with the order filled in', async () => {
    const { user, router } = await openItems({ role: 'associate', handler: emptyInbox });
    const link = await screen.findByRole('link', { name: 'Message us about this order' });
    expect(link).toHaveAttribute('href', '/message?order_id=12');

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/message'));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Message' });
    expect(within(dialog).getByRole('textbox', { name: 'Order' })).toHaveValue('Order #12');
    expect(within(dialog).getByRole('textbox', { name: /Subject/ })).toHaveValue('Order #12');
  });

  it('is offered to an agency', async () => {
    await openItems({ role: 'agency' });
    expect(await screen.findByRole('link', { name: 'Message us about this order' })).toBeInTheDocument();
  });

  it("lets an admin write to the order's agency instead", async () => {
    await openItems({ role: 'admin' });
    await screen.findByRole('row', { name: 'Item 40' });
    expect(screen.queryByRole('link', { name: 'Message us about this order' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message the agency about this order' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/message\?order_id=\d+$/),
    );
  });
});
