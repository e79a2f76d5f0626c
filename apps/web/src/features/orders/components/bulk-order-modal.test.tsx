import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bulkMessages, messages } from '@copydesk/shared';
import { FakeXhr } from '@/test/fake-xhr';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';
import { catalogApi } from '../testing/fixtures';

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

  it('uploads the sheet, lists the skipped rows and goes on to the payment', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = {
      status: 200,
      body: {
        message: bulkMessages.saved(2, 2),
        order: { id: 77 },
        rejected: [
          { row: 3, reasons: [bulkMessages.required('category')] },
          { row: 5, reasons: [bulkMessages.required('itemTitle'), bulkMessages.notAllowed('writingTone', 'Loud')] },
        ],
      },
    };
    const { user, dialog, router } = await openBulk();
    await chooseType(user, dialog, 'Blog Post');
    await user.upload(await fileInput(dialog), sheet());

    expect(await screen.findByText(bulkMessages.saved(2, 2))).toBeInTheDocument();
    const skipped = within(dialog).getByRole('list', { name: 'Skipped rows' });
    const rows = within(skipped).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(`Row 3: ${bulkMessages.required('category')}`);
    expect(rows[1]).toHaveTextContent(`Row 5: ${bulkMessages.required('itemTitle')}`);
    expect(rows[1]).toHaveTextContent(bulkMessages.notAllowed('writingTone', 'Loud'));

    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/order/bulk');
    expect(xhr.headers.Authorization).toBe('Bearer test-token');
    expect(xhr.body?.get('order_type')).toBe('Blog Post');
    expect((xhr.body?.get('file') as File).name).toBe('orders.xlsx');

    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/77'));
  });

  it('goes straight to the payment when every row was used', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 200, body: { message: bulkMessages.saved(3, 0), order: { id: 78 }, rejected: [] } };
    const { user, dialog, router } = await openBulk();
    await chooseType(user, dialog, 'Article');
    await user.upload(await fileInput(dialog), sheet());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/78'));
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
