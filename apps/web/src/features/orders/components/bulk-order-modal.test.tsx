import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkMessages, messages } from '@copydesk/shared';
import { FakeXhr } from '@/test/fake-xhr';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';
import { catalogApi } from '../testing/fixtures';

// FakeXhr's list of sent requests is a module's state: the files share their worker's modules
// (vitest.config.ts), so an upload another file made may still be in it when this file starts.
beforeEach(() => {
  FakeXhr.sent = [];
});

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.sent = [];
});

async function openBulk(handler?: (call: FetchCall) => Response | undefined) {
  const auth = signIn('agency', { order_count: 2 });
  const calls = mockApi((call) => {
    if (route(call) === 'GET /api/getInfo') return json(200, { user: auth.user });
    return handler?.(call) ?? catalogApi(call);
  });
  const view = renderRoute('/create');
  await view.user.click(await screen.findByRole('button', { name: 'Ordering in bulk' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ordering in bulk' });
  return { ...view, calls, dialog };
}

async function chooseType(user: UserEvent, dialog: HTMLElement, type: string) {
  const input = within(dialog).getByRole('combobox', { name: 'Order type of the sheet' });
  await user.click(input);
  await waitFor(() => expect(input).toHaveAttribute('aria-controls'));
  await user.click(within(document.getElementById(input.getAttribute('aria-controls')!)!).getByRole('option', { name: type, hidden: true }));
}

const sheet = () => new File(['PK'], 'orders.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

async function fileInput(dialog: HTMLElement) {
  return waitFor(() => {
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input yet');
    return input;
  });
}

describe('ordering in bulk', () => {
  it('needs an order type before the sample downloads or a sheet uploads', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { user, calls, dialog } = await openBulk();

    await user.click(within(dialog).getByRole('button', { name: 'Download Sample' }));
    expect(await screen.findByText(messages.selectOrderTypeFirst)).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/order/bulk/sample'))).toBe(false);

    await user.upload(await fileInput(dialog), sheet());
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('downloads the sample of the chosen type with the session token', async () => {
    const createObjectURL = vi.fn(() => 'blob:sample');
    // jsdom has no object URLs
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user, calls, dialog } = await openBulk((call) =>
      route(call) === 'GET /api/order/bulk/sample'
        ? new Response('PK', { status: 200, headers: { 'content-disposition': 'attachment; filename="copydesk-bulk-blog-post.xlsx"' } })
        : undefined,
    );
    await chooseType(user, dialog, 'Blog Post');
    await user.click(within(dialog).getByRole('button', { name: 'Download Sample' }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const call = calls.find((c) => route(c) === 'GET /api/order/bulk/sample')!;
    expect(call.url).toBe('/api/order/bulk/sample?order_type=Blog+Post');
    expect(call.headers.get('Authorization')).toBe('Bearer test-token');
  });

  const previewAnswer = {
    rows: [
      { row: 2, status: 'ordered', orderType: 'Blog Post', title: 'Ten ways to ship faster', wordCount: '500 Words', priceCents: 2800 },
      { row: 3, status: 'rejected', problems: [{ column: 'Item title', cell: 'D3', reason: bulkMessages.required('Item title') }] },
      { row: 4, status: 'ordered', orderType: 'Blog Post', title: 'Second', wordCount: '1000 Words', priceCents: 5200 },
      {
        row: 5,
        status: 'rejected',
        problems: [
          { column: 'Writing tone', cell: 'J5', reason: bulkMessages.notAllowed('Writing tone', 'Loud') },
          { column: 'Publishing medium', cell: null, reason: bulkMessages.required('Publishing medium') },
        ],
      },
    ],
    ordered: 2,
    rejected: 2,
    totalCents: 8000,
  };

  it('previews every row and the total without ordering, then places the order from the same file and goes on to the payment', async () => {
    FakeXhr.install((url) =>
      url === '/api/order/bulk/preview'
        ? { status: 200, body: previewAnswer }
        : { status: 200, body: { message: bulkMessages.saved(2, 2), order: { id: 77 }, rejected: [] } },
    );
    const { user, dialog, router } = await openBulk();
    await chooseType(user, dialog, 'Blog Post');
    await user.upload(await fileInput(dialog), sheet());

    const heading = await within(dialog).findByRole('heading', { name: bulkMessages.previewTitle });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(dialog).getByText(bulkMessages.previewSummary(2, 2))).toBeInTheDocument();
    const cards = [...within(dialog).getByRole('list', { name: bulkMessages.previewRowsLabel }).children];
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent('Row 2');
    expect(cards[0]).toHaveTextContent(bulkMessages.previewOrdered);
    expect(cards[0]).toHaveTextContent('$28.00');
    expect(cards[0]).toHaveTextContent('Ten ways to ship faster · Blog Post, 500 Words');
    expect(cards[1]).toHaveTextContent(bulkMessages.previewRejected);
    expect(cards[1]).toHaveTextContent(`Cell D3: ${bulkMessages.required('Item title')}`);
    expect(cards[3]).toHaveTextContent(`Cell J5: ${bulkMessages.notAllowed('Writing tone', 'Loud')}`);
    expect(cards[3]).toHaveTextContent(`${bulkMessages.required('Publishing medium')} ${bulkMessages.previewAddColumn('Publishing medium')}`);
    expect(within(dialog).getByTestId('bulk-preview-total')).toHaveTextContent('$80.00');

    // Only the preview was sent: nothing is ordered yet.
    expect(FakeXhr.sent.map((x) => x.url)).toEqual(['/api/order/bulk/preview']);
    const previewCall = FakeXhr.sent[0]!;
    expect(previewCall.method).toBe('POST');
    expect(previewCall.headers.Authorization).toBe('Bearer test-token');
    expect(previewCall.body?.get('order_type')).toBe('Blog Post');
    expect(router.state.location.pathname).toBe('/create');

    await user.click(within(dialog).getByRole('button', { name: bulkMessages.previewConfirm(2) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/77'));
    const placed = FakeXhr.sent[1]!;
    expect(placed.url).toBe('/api/order/bulk');
    expect(placed.body?.get('order_type')).toBe('Blog Post');
    expect(placed.body?.get('file')).toBe(previewCall.body?.get('file'));
  });

  it('takes a corrected sheet: the new preview replaces the old one, and the order is placed from the new file', async () => {
    const fixed = { rows: [previewAnswer.rows[0], { ...previewAnswer.rows[2], row: 3 }], ordered: 2, rejected: 0, totalCents: 8000 };
    let previews = 0;
    FakeXhr.install((url) =>
      url === '/api/order/bulk/preview'
        ? { status: 200, body: previews++ === 0 ? previewAnswer : fixed }
        : { status: 200, body: { message: bulkMessages.saved(2, 0), order: { id: 78 }, rejected: [] } },
    );
    const { user, dialog, router } = await openBulk();
    await chooseType(user, dialog, 'Blog Post');
    await user.upload(await fileInput(dialog), sheet());
    expect(await within(dialog).findByText(bulkMessages.previewSummary(2, 2))).toBeInTheDocument();
    expect(within(dialog).getByText(bulkMessages.previewFixHint)).toBeInTheDocument();

    await user.upload(await fileInput(dialog), new File(['PK'], 'orders-fixed.xlsx', { type: sheet().type }));
    expect(await within(dialog).findByText(bulkMessages.previewSummary(2, 0))).toBeInTheDocument();
    expect(within(dialog).getByText(bulkMessages.previewFile('orders-fixed.xlsx'))).toBeInTheDocument();
    expect(within(dialog).queryByText(bulkMessages.previewRejected)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: bulkMessages.previewConfirm(2) }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/78'));
    expect(FakeXhr.sent.map((x) => x.url)).toEqual(['/api/order/bulk/preview', '/api/order/bulk/preview', '/api/order/bulk']);
    expect((FakeXhr.sent[2]!.body?.get('file') as File).name).toBe('orders-fixed.xlsx');
  });

  it('offers no order when no row can be ordered', async () => {
    FakeXhr.install({ status: 200, body: { rows: [previewAnswer.rows[1]], ordered: 0, rejected: 1, totalCents: 0 } });
    const { user, dialog } = await openBulk();
    await chooseType(user, dialog, 'Blog Post');
    await user.upload(await fileInput(dialog), sheet());
    expect(await within(dialog).findByText(bulkMessages.previewNothingUsable)).toBeInTheDocument();
    expect(within(dialog).getByTestId('bulk-preview-total')).toHaveTextContent('$0.00');
    expect(within(dialog).queryByRole('button', { name: /Place the order/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: bulkMessages.previewStartOver })).toBeEnabled();
  });

  it('says beside the upload that a corrupt sheet could not be read', async () => {
    FakeXhr.install({ status: 422, body: { code: 'bulk.unreadable', message: bulkMessages.unreadable, errors: { file: [bulkMessages.unreadable] } } });
    const { user, dialog } = await openBulk();
    await chooseType(user, dialog, 'Blog Post');
    await user.upload(await fileInput(dialog), sheet());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(bulkMessages.unreadable);
    expect(within(dialog).queryByText(messages.onlyXlsx)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('heading', { name: bulkMessages.previewTitle })).not.toBeInTheDocument();
  });

  it('shows why a sheet was refused', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 422, body: { message: messages.bulkNoUsableRow, errors: { file: [messages.bulkNoUsableRow] } } };
    const { user, dialog, router } = await openBulk();
    await chooseType(user, dialog, 'Article');
    await user.upload(await fileInput(dialog), sheet());
    expect(await screen.findByText(messages.bulkNoUsableRow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create');
  });
});
