import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages, orderMessages, type CreateOrderInput } from '@copydesk/shared';
import { catalogApi, contentItem, orderRow } from '@/features/orders/testing/fixtures';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

type Options = { orderCount?: number; path?: string; handler?: (call: FetchCall) => Response | undefined };

async function openCreate({ orderCount = 3, path = '/create', handler }: Options = {}) {
  const auth = signIn('agency', { order_count: orderCount });
  const calls = mockApi((call) => {
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    return handler?.(call) ?? catalogApi(call);
  });
  const view = renderRoute(path);
  return { ...view, calls, auth };
}

async function openForm(type = 'Blog Post', options: Options = {}) {
  const view = await openCreate(options);
  await view.user.click(await screen.findByRole('button', { name: `Select ${type}` }));
  await screen.findByRole('heading', { name: 'Order Brief' });
  return view;
}

const item = (n: number) => screen.getByRole('region', { name: new RegExp(`^Item ${n}:`) });
const field = (n: number, label: string) => within(item(n)).getByRole('textbox', { name: label });
const combo = (n: number, label: string) => within(item(n)).getByRole('combobox', { name: label }) as HTMLInputElement;
const total = () => screen.getByTestId('order-total');
const count = () => screen.getByTestId('order-item-count');

/** The option list of a combobox (Mantine keeps every list mounted; jsdom runs no transitions, so they stay hidden). */
async function options(user: UserEvent, input: HTMLElement) {
  await user.click(input);
  await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
  return within(document.getElementById(input.getAttribute('aria-controls')!)!);
}

async function pick(user: UserEvent, n: number, label: string, option: string) {
  const list = await options(user, combo(n, label));
  await user.click(list.getByRole('option', { name: option, hidden: true }));
}

/** Puts text into a field as one paste: typing it key by key redraws the whole form per key, and filling is not what these tests are about. */
async function enter(user: UserEvent, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

/** Fills every required field of a Blog Post item. */
async function fillRequired(user: UserEvent, n: number, title = `Post ${n}`) {
  await enter(user, combo(n, 'Project Name'), 'Autumn range');
  await pick(user, n, 'Category', 'Technology');
  await enter(user, field(n, 'About Company'), 'We build city bikes.');
  await enter(user, field(n, 'Target Audience'), 'Commuters');
  fireEvent.change(field(n, 'Title'), { target: { value: title } });
  await pick(user, n, 'Purpose', 'Informative');
  await pick(user, n, 'Writing Tone', 'Casual');
  await pick(user, n, 'Publish Medium', 'Own Website');
}

describe('create order: step 1', () => {
  it('lists the order types with their starting price and shows a sample', async () => {
    const { user } = await openCreate();
    expect(await screen.findByRole('heading', { name: 'Place your Order' })).toBeInTheDocument();
    expect(await screen.findByText('Starting from $18.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'View Sample of Blog Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blog Post sample' });
    expect(dialog).toHaveTextContent('A blog post sample text.');
  });

  it('starts the brief with one item of the chosen type and its first word count', async () => {
    const { calls } = await openForm('Blog Post');
    expect(count()).toHaveTextContent('1');
    expect(combo(1, 'Order Type')).toHaveValue('Blog Post');
    expect(combo(1, 'Word Count')).toHaveValue('300 Words — $18.00');
    expect(combo(1, 'Add-On')).toHaveValue('No Add-On');
    expect(total()).toHaveTextContent('$18.00');
    expect(calls.some((c) => c.url === '/api/product?name=Blog+Post')).toBe(true);
  });

  it('shows the first-order guide once to a customer without orders', async () => {
    const { user, unmount } = await openCreate({ orderCount: 0 });
    const guide = await screen.findByRole('dialog', { name: 'Your first order' });
    expect(within(guide).getAllByRole('tab')).toHaveLength(4);
    for (let i = 0; i < 3; i++) await user.click(within(guide).getByRole('button', { name: 'Next' }));
    expect(within(guide).getByRole('tab', { name: 'Pay' })).toHaveAttribute('aria-selected', 'true');
    await user.click(within(guide).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your first order' })).not.toBeInTheDocument());

    unmount();
    renderRoute('/create');
    await screen.findByRole('heading', { name: 'Place your Order' });
    expect(screen.queryByRole('dialog', { name: 'Your first order' })).not.toBeInTheDocument();
  });
});

describe('create order: item rules', () => {
  it('resets word count, add-on and total on a type change and loads the new tiers', async () => {
    const { user, calls } = await openForm('Blog Post');
    await pick(user, 1, 'Add-On', 'SEO Optimisation (+$10.00)');
    expect(total()).toHaveTextContent('$28.00');

    await pick(user, 1, 'Order Type', 'Article');

    expect(combo(1, 'Word Count')).toHaveValue('');
    expect(total()).toHaveTextContent('$0.00');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/product?name=Article')).toBe(true));
    await pick(user, 1, 'Word Count', '1000 Words — $50.00');
    expect(combo(1, 'Add-On')).toHaveValue('No Add-On');
    expect(total()).toHaveTextContent('$50.00');
  });

  it('resets the add-on when the word count changes', async () => {
    const { user } = await openForm('Blog Post');
    await pick(user, 1, 'Add-On', 'Stock Images (3) (+$8.00)');
    expect(total()).toHaveTextContent('$26.00');

    await pick(user, 1, 'Word Count', '500 Words — $28.00');

    expect(combo(1, 'Add-On')).toHaveValue('No Add-On');
    expect(total()).toHaveTextContent('$28.00');
  });

  it('shows the fields of the type: email types get a subject line and email purposes', async () => {
    const { user } = await openForm('Email Marketing');
    expect(field(1, 'Subject Line')).toBeInTheDocument();
    expect(within(item(1)).queryByRole('combobox', { name: 'Publish Medium' })).not.toBeInTheDocument();
    const purposes = await options(user, combo(1, 'Purpose'));
    expect(purposes.getByRole('option', { name: 'Teaser Email', hidden: true })).toBeInTheDocument();
    expect(purposes.queryByRole('option', { name: 'Educational', hidden: true })).not.toBeInTheDocument();
  });

  it('clones an item without its keywords and add-on', async () => {
    const { user } = await openForm('Blog Post');
    fireEvent.change(field(1, 'Title'), { target: { value: 'Five habits' } });
    await user.type(field(1, 'Keyword 1 of item 1'), 'stock');
    await pick(user, 1, 'Add-On', 'SEO Optimisation (+$10.00)');

    await user.click(screen.getByRole('button', { name: 'Clone item 1' }));

    expect(count()).toHaveTextContent('2');
    expect(field(2, 'Title')).toHaveValue('Five habits');
    expect(combo(2, 'Word Count')).toHaveValue('300 Words — $18.00');
    expect(field(2, 'Keyword 1 of item 2')).toHaveValue('');
    expect(combo(2, 'Add-On')).toHaveValue('No Add-On');
    expect(field(1, 'Keyword 1 of item 1')).toHaveValue('stock');
    expect(total()).toHaveTextContent('$46.00');
  });

  it('adds items through the content-type chooser and never removes the first', async () => {
    const { user } = await openForm('Blog Post');
    expect(screen.queryByRole('button', { name: 'Remove item 1' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Another Item' }));
    const chooser = await screen.findByRole('dialog', { name: 'Choose the content type' });
    await user.click(within(chooser).getByRole('button', { name: 'Article' }));

    await waitFor(() => expect(count()).toHaveTextContent('2'));
    await waitFor(() => expect(combo(2, 'Word Count')).toHaveValue('500 Words — $25.00'));
    expect(total()).toHaveTextContent('$43.00');

    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(count()).toHaveTextContent('1');
    expect(screen.queryByRole('button', { name: /^Remove item/ })).not.toBeInTheDocument();
  });

  it('moves focus to the title of the item just added', async () => {
    const { user } = await openForm('Blog Post');
    await user.click(screen.getByRole('button', { name: 'Add Another Item' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Choose the content type' })).getByRole('button', { name: 'Article' }));

    await waitFor(() => expect(count()).toHaveTextContent('2'));
    await waitFor(() => expect(document.activeElement).toBe(field(2, 'Title')));
    // and it stays there once the chooser has closed
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose the content type' })).not.toBeInTheDocument());
    expect(document.activeElement).toBe(field(2, 'Title'));
  });

  it('takes pasted keywords, without ; and =', async () => {
    const { user } = await openForm('Blog Post');
    const keyword = field(1, 'Keyword 1 of item 1');
    await user.type(keyword, 'a;b=c');
    expect(keyword).toHaveValue('abc');
    await user.clear(keyword);
    await user.click(keyword);
    await user.paste('city;bikes=now');
    expect(keyword).toHaveValue('citybikesnow');
    expect(within(item(1)).getAllByRole('textbox', { name: /^Keyword \d of item 1$/ })).toHaveLength(3);
  });

  it("keeps a mistyped link as typed and marks it under the field with the original portal's message; Next refuses it", async () => {
    const { user, calls } = await openForm('Product Description');
    await user.type(field(1, 'Product Page Link'), 'not a link');
    await user.tab();
    expect(field(1, 'Product Page Link')).toHaveValue('not a link');
    expect(field(1, 'Product Page Link')).toHaveAttribute('aria-invalid', 'true');
    expect(field(1, 'Product Page Link')).toHaveAccessibleDescription(messages.productLinkInvalid);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(field(1, 'Website Link'), 'https://example.com/bikes');
    await user.tab();
    expect(field(1, 'Website Link')).toHaveValue('https://example.com/bikes');
    expect(field(1, 'Website Link')).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field(1, 'Product Page Link')).toHaveAccessibleDescription(messages.productLinkInvalid));
    expect(field(1, 'Product Page Link')).toHaveValue('not a link');
    expect(calls.some((c) => c.url === '/api/order/create')).toBe(false);
  });

  it('switches purpose to free text after Other', async () => {
    const { user } = await openForm('Blog Post');
    await pick(user, 1, 'Purpose', 'Other');
    const purpose = field(1, 'Purpose');
    await user.type(purpose, 'Investor update');
    expect(purpose).toHaveValue('Investor update');
    await user.click(within(item(1)).getByRole('button', { name: 'Choose Purpose from the list' }));
    expect(combo(1, 'Purpose')).toHaveValue('');
  });

  it('fills project details from a past project', async () => {
    const { user } = await openForm('Blog Post');
    await user.type(combo(1, 'Project Name'), 'Spr');
    const projects = await options(user, combo(1, 'Project Name'));
    await user.click(projects.getByRole('option', { name: 'Spring launch', hidden: true }));
    expect(combo(1, 'Project Name')).toHaveValue('Spring launch');
    expect(field(1, 'About Company')).toHaveValue('We build city bikes.');
    expect(field(1, 'Target Audience')).toHaveValue('Commuters');
    expect(combo(1, 'Category')).toHaveValue('Health');
  });
});

describe('create order: validation and saving', () => {
  it('says under each empty required field what is missing, opens its item and focuses the first', async () => {
    const { user, calls } = await openForm('Blog Post');
    await user.click(screen.getByRole('button', { name: 'Add Another Item' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Choose the content type' })).getByRole('button', { name: 'Blog Post' }));
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    await fillRequired(user, 1);

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(combo(2, 'Project Name')).toHaveFocus());
    expect(combo(2, 'Project Name')).toHaveAccessibleDescription(messages.highlightedRequired);
    expect(field(2, 'Title')).toHaveAccessibleDescription(messages.highlightedRequired);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(item(1).closest('[data-invalid]')).toBeNull();
    expect(item(2).closest('[data-invalid]')).not.toBeNull();
    for (const label of ['About Company', 'Target Audience', 'Title']) expect(field(2, label)).toHaveAttribute('aria-invalid', 'true');
    for (const label of ['Project Name', 'Category', 'Purpose', 'Writing Tone', 'Publish Medium'])
      expect(combo(2, label)).toHaveAttribute('aria-invalid', 'true');
    expect(combo(2, 'Preferred Intent')).not.toHaveAttribute('aria-invalid');
    expect(field(1, 'Title')).not.toHaveAttribute('aria-invalid');
    expect(calls.some((c) => c.url === '/api/order/create')).toBe(false);

    // typing into a marked field clears its mark
    await user.type(field(2, 'Title'), 'x');
    expect(field(2, 'Title')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses text over 250 characters with the item number', async () => {
    const { user, calls } = await openForm('Blog Post');
    await fillRequired(user, 1, 'x'.repeat(251));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(field(1, 'Title')).toHaveAccessibleDescription(messages.fieldMax250('Title', 1)));
    expect(field(1, 'Title')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field(1, 'Title')).toHaveFocus());
    expect(calls.some((c) => c.url === '/api/order/create')).toBe(false);
  });

  it('saves the order and goes to its payment', async () => {
    const { user, calls, router } = await openForm('Blog Post', {
      handler: (call) => (route(call) === 'POST /api/order/create' ? json(200, { message: orderMessages.orderSaved, order: { id: 42 } }) : undefined),
    });
    await fillRequired(user, 1, 'Five habits');
    await user.type(field(1, 'Keyword 1 of item 1'), 'stock');
    await user.type(field(1, 'Keyword 2 of item 1'), 'shops');
    await user.click(screen.getByRole('button', { name: 'Clone item 1' }));

    await user.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/42'));
    expect(await screen.findByText(orderMessages.orderSaved)).toBeInTheDocument();
    const body = calls.find((c) => route(c) === 'POST /api/order/create')!.body as CreateOrderInput;
    expect(body.total).toBe(36);
    expect(body.updateId).toBeNull();
    expect(body.orderBreakDown).toEqual([
      { itemType: 'Blog Post', itemWord: '300 Words', itemWordPrice: 18, itemCount: 2, itemAddons: null, itemAddonPrice: 0 },
    ]);
    expect(body.articlesData).toHaveLength(2);
    expect(body.articlesData[0]).toMatchObject({
      orderType: 'Blog Post',
      wordCount: { word: '300 Words', price: 18 },
      addOns: null,
      category: 'Technology',
      articleTitle: 'Five habits',
      keyword: 'stock;shops',
      project_name: 'Autumn range',
      purpose: 'Informative',
      writing_tone: 'Casual',
      publish_medium: 'Own Website',
    });
    // fields a Blog Post does not show are not sent
    expect(body.articlesData[0]).not.toHaveProperty('subject_line');
    expect(body.articlesData[1].keyword).toBeNull();
  });

  it('shows the server’s field errors and marks the item they belong to', async () => {
    const { user } = await openForm('Blog Post', {
      handler: (call) =>
        route(call) === 'POST /api/order/create'
          ? json(422, { message: orderMessages.invalidCategory, errors: { 'articlesData.0.category': [orderMessages.invalidCategory] } })
          : undefined,
    });
    await fillRequired(user, 1);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(orderMessages.invalidCategory)).toBeInTheDocument();
    expect(combo(1, 'Category')).toHaveAttribute('aria-invalid', 'true');
    expect(item(1).closest('[data-invalid]')).not.toBeNull();
  });

  it('asks before leaving a changed form', async () => {
    const { user, router } = await openForm('Blog Post');
    await user.type(field(1, 'Target Audience'), 'Commuters');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/create');
    expect(field(1, 'Target Audience')).toHaveValue('Commuters');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('create order: editing an unpaid order', () => {
  const detail = (order = orderRow()) => ({
    order,
    content: [contentItem(), contentItem({ id: 41, title: 'Second', article_title: 'Second', addOn: null, addOnPrice: 0, cost: 28, keywords: null })],
    total: 66,
    orderBreakDown: [],
    message: orderMessages.orderFetched,
  });

  it('loads the items and saves them back to the same order', async () => {
    const { user, calls, router } = await openCreate({
      path: '/create/12',
      handler: (call) => {
        if (route(call) === 'GET /api/order/getById/12') return json(200, detail());
        if (route(call) === 'POST /api/order/create') return json(200, { message: orderMessages.orderUpdated, order: { id: 12 } });
      },
    });
    await screen.findByRole('heading', { name: 'Edit Order 12' });
    expect(count()).toHaveTextContent('2');
    expect(field(1, 'Title')).toHaveValue('Five habits');
    expect(field(1, 'Keyword 2 of item 1')).toHaveValue('shops');
    await waitFor(() => expect(combo(1, 'Add-On')).toHaveValue('SEO Optimisation (+$10.00)'));
    expect(total()).toHaveTextContent('$66.00');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/12'));
    const body = calls.find((c) => route(c) === 'POST /api/order/create')!.body as CreateOrderInput;
    expect(body.updateId).toBe(12);
    expect(body.articlesData.map((i) => i.contentId)).toEqual([40, 41]);
  });

  it('goes back to the orders from Previous', async () => {
    const { user, router } = await openCreate({
      path: '/create/12',
      handler: (call) => (route(call) === 'GET /api/order/getById/12' ? json(200, detail()) : undefined),
    });
    await screen.findByRole('heading', { name: 'Edit Order 12' });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
  });

  it('sends a paid order back to the list', async () => {
    const { router } = await openCreate({
      path: '/create/12',
      handler: (call) =>
        route(call) === 'GET /api/order/getById/12' ? json(200, detail(orderRow({ unpaid: false, status: 'IN-PROGRESS', payment_id: 3 }))) : undefined,
    });
    expect(await screen.findByText(orderMessages.orderPaidLocked)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
  });
});
