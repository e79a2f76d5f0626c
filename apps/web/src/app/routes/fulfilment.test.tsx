import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentMessages, listScreenMessages, messages, type FulfilmentRow, type Role } from '@copydesk/shared';
import { AGENTS, doc, fulfilmentRow, listOf } from '@/features/content/testing/fixtures';
import { FakeXhr } from '@/test/fake-xhr';
import { json, mockApi, renderRoute, route, signIn, pickIn, type FetchCall } from '@/test/utils';

const ROWS: FulfilmentRow[] = [
  fulfilmentRow({ id: 40, overdue: true, due_at: '2026-03-02T17:00:00Z' }),
  fulfilmentRow({ id: 41, article_title: 'Spring bikes', status: 'In Progress', linkagent: { id: 3, name: 'Grace Admin' } }),
  fulfilmentRow({ id: 42, article_title: 'Press kit', order_type: 'Press Release', status: 'Pending Review', agency: { id: 32, name: 'Beta Words' } }),
];

type Handler = (call: FetchCall) => Response | undefined;

function fulfilmentApi(role: Role = 'admin', handler?: Handler) {
  const auth = signIn(role);
  return mockApi((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    switch (route(call)) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/fulfilment':
        return json(200, listOf(ROWS, 3, 1, 20));
      case 'GET /api/fulfilment/agents':
        return json(200, { data: AGENTS });
      case 'GET /api/user/getuserbyrole/agency':
        return json(200, {
          data: [
            { id: 31, name: 'Alex Agency', email: 'agency@example.com', company_name: 'Acme Media', status: 1 },
            { id: 32, name: 'Bea Boss', email: 'bea@example.com', company_name: 'Beta Words', status: 1 },
          ],
        });
    }
  });
}

async function openQueue(handler?: Handler, path = '/fulfilment') {
  const calls = fulfilmentApi('admin', handler);
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Fulfilment', level: 1 });
  return { ...view, calls };
}

const lastQuery = (calls: FetchCall[]) =>
  Object.fromEntries(new URL(calls.filter((c) => route(c) === 'GET /api/fulfilment').at(-1)!.url, 'http://test.local').searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fulfilment queue', () => {
  it('lists open paid items, most urgent first, and marks the overdue one in words', async () => {
    const { calls } = await openQueue();
    const overdue = await screen.findByRole('row', { name: 'Item 40' });
    for (const text of ['#40', 'Five habits', 'Blog Post', '500 Words', 'Acme Media', 'Nobody yet', 'Unassigned', 'Overdue', '3'])
      expect(overdue).toHaveTextContent(text);
    expect(overdue).toHaveAttribute('data-overdue');
    expect(within(overdue).getByRole('link', { name: 'Five habits' })).toHaveAttribute('href', '/content-view/40');

    const inProgress = screen.getByRole('row', { name: 'Item 41' });
    expect(inProgress).toHaveTextContent('Grace Admin');
    expect(inProgress).not.toHaveTextContent('Overdue');
    expect(inProgress).not.toHaveAttribute('data-overdue');

    expect(lastQuery(calls)).toMatchObject({ page: '1', limit: '20', status: 'open', sort_column: 'due_at', sort_order: 'asc' });
    expect(screen.getByRole('columnheader', { name: 'Due' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeInTheDocument();
  });

  it('offers Take and Assign to… for queued items, Upload .docx for items in progress, nothing else for the rest', async () => {
    await openQueue();
    const queued = await screen.findByRole('row', { name: 'Item 40' });
    expect(within(queued).getByRole('button', { name: 'Take item 40' })).toBeInTheDocument();
    expect(within(queued).getByRole('button', { name: 'Assign to… (item 40)' })).toBeInTheDocument();
    expect(within(queued).queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();

    const inProgress = screen.getByRole('row', { name: 'Item 41' });
    expect(within(inProgress).getByRole('button', { name: 'Upload .docx (item 41)' })).toBeInTheDocument();
    expect(within(inProgress).queryByRole('button', { name: /Take/ })).not.toBeInTheDocument();

    const review = screen.getByRole('row', { name: 'Item 42' });
    expect(within(review).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by status, agency and text, sorts by a clicked column, and resets', async () => {
    const { user, calls } = await openQueue();
    await screen.findByRole('row', { name: 'Item 40' });

    await pickIn(user, screen.getByRole('combobox', { name: 'Status' }), 'Revision Requested');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ status: 'Revision Requested', page: '1' }));

    await pickIn(user, screen.getByRole('combobox', { name: 'Agency' }), 'Beta Words (Bea Boss)');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ agency: '32' }));

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'bikes');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'bikes' }));

    await user.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'id', sort_order: 'asc' }));
    await user.click(screen.getByRole('button', { name: 'ID' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort_column: 'id', sort_order: 'desc' }));

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ status: 'open', sort_column: 'due_at', sort_order: 'asc' }));
    expect(lastQuery(calls)).not.toHaveProperty('agency');
    expect(lastQuery(calls)).not.toHaveProperty('search');
  });

  it('reads the status, agency and search from the address, and keeps the chosen status and agency there', async () => {
    const { user, calls, router } = await openQueue(undefined, '/fulfilment?status=overdue&agency=32&search=81');
    await screen.findByRole('row', { name: 'Item 40' });
    const first = calls.filter((c) => route(c) === 'GET /api/fulfilment');
    // The first call already carries the address's filters: no unfiltered queue on the way.
    expect(Object.fromEntries(new URL(first[0]!.url, 'http://test.local').searchParams)).toMatchObject({ status: 'overdue', agency: '32', search: '81' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Overdue (open, past due)');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('81');

    await pickIn(user, screen.getByRole('combobox', { name: 'Status' }), 'Unassigned');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ status: 'Unassigned', agency: '32' }));
    expect(router.state.location.search).toBe('?status=Unassigned&agency=32');

    // Another address (a dashboard link) while the queue is open: its filter applies.
    await act(() => router.navigate('/fulfilment?status=overdue'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ status: 'overdue' }));
    expect(lastQuery(calls)).not.toHaveProperty('agency');

    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ status: 'open' }));
    expect(lastQuery(calls)).not.toHaveProperty('search');
    expect(router.state.location.search).toBe('');
  });

  it('ignores a status or agency in the address it does not know', async () => {
    const { calls } = await openQueue(undefined, '/fulfilment?status=Unpaid&agency=abc');
    await screen.findByRole('row', { name: 'Item 40' });
    expect(lastQuery(calls)).toMatchObject({ status: 'open' });
    expect(lastQuery(calls)).not.toHaveProperty('agency');
  });

  it('takes an item for the signed-in admin, refreshes the queue and says so', async () => {
    let taken = false;
    const { user, calls } = await openQueue((call) => {
      if (route(call) === 'POST /api/content/40/assign') {
        taken = true;
        return json(200, { message: contentMessages.assigned('Ada Lovelace') });
      }
      // After the take the row is In Progress: its Take button (and the component behind it) is gone.
      if (route(call) === 'GET /api/fulfilment' && taken)
        return json(200, listOf([{ ...ROWS[0]!, status: 'In Progress', linkagent: { id: 7, name: 'Ada Lovelace' } }, ...ROWS.slice(1)], 3, 1, 20));
      return undefined;
    });
    await user.click(within(await screen.findByRole('row', { name: 'Item 40' })).getByRole('button', { name: 'Take item 40' }));
    expect(await screen.findByText(contentMessages.assigned('Ada Lovelace'))).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/content/40/assign')?.body).toEqual({});
    const row = screen.getByRole('row', { name: 'Item 40' });
    // The queue read again is drawn in the background, just after the toast (docs/decisions/0048-short-tasks-after-first-paint.md).
    await waitFor(() => expect(row).toHaveTextContent('In Progress'));
    expect(within(row).queryByRole('button', { name: 'Take item 40' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Upload .docx (item 40)' })).toBeInTheDocument();
  });

  it('assigns an item to another admin', async () => {
    const { user, calls } = await openQueue((call) =>
      route(call) === 'POST /api/content/40/assign' ? json(200, { message: contentMessages.assigned('Linus Admin') }) : undefined,
    );
    await user.click(within(await screen.findByRole('row', { name: 'Item 40' })).getByRole('button', { name: 'Assign to… (item 40)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Linus Admin' }));
    expect(await screen.findByText(contentMessages.assigned('Linus Admin'))).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/content/40/assign')?.body).toEqual({ linkagent_id: 9 });
  });

  it('shows why an item cannot be taken', async () => {
    const { user } = await openQueue((call) =>
      route(call) === 'POST /api/content/40/assign' ? json(409, { message: contentMessages.assignNotAllowed }) : undefined,
    );
    await user.click(within(await screen.findByRole('row', { name: 'Item 40' })).getByRole('button', { name: 'Take item 40' }));
    expect(await screen.findByText(contentMessages.assignNotAllowed)).toBeInTheDocument();
  });

  it('uploads a .docx as multipart to /api/content/{id}/documents with a progress bar', async () => {
    FakeXhr.install(
      (url) =>
        url.endsWith('/words')
          ? { status: 200, body: { word_count: 520, requested_word_count: 500, short: false } }
          : { status: 200, body: { message: contentMessages.delivered(1), document: doc(1) } },
      80,
    );
    // Once delivered the item waits for review: the refreshed row offers no upload any more.
    const { user } = await openQueue((call) =>
      route(call) === 'GET /api/fulfilment' && FakeXhr.sent.length
        ? json(200, listOf([ROWS[0]!, { ...ROWS[1]!, status: 'Pending Review' }, ROWS[2]!], 3, 1, 20))
        : undefined,
    );
    const row = await screen.findByRole('row', { name: 'Item 41' });
    const input = row.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', expect.stringContaining('.docx'));
    await user.upload(input, new File(['PK'], 'spring-bikes.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    // The file's words are counted first, and the admin confirms the delivery.
    const dialog = await screen.findByRole('dialog', { name: 'Deliver this file (item 41)?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deliver' }));

    expect(await within(row).findByRole('progressbar', { name: 'Upload progress (item 41)' })).toBeInTheDocument();
    expect(await screen.findByText(contentMessages.delivered(1))).toBeInTheDocument();
    expect(FakeXhr.sent.map((x) => x.url)).toEqual(['/api/content/41/documents/words', '/api/content/41/documents']);
    const xhr = FakeXhr.sent[1]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/content/41/documents');
    expect(xhr.headers.Authorization).toBe('Bearer test-token');
    expect((xhr.body?.get('file') as File).name).toBe('spring-bikes.docx');
    await waitFor(() => expect(screen.getByRole('row', { name: 'Item 41' })).toHaveTextContent('Pending Review'));
  });

  it('refuses another kind of file without sending it, and shows a server refusal', async () => {
    FakeXhr.install({ status: 409, body: { message: contentMessages.deliverNotAllowed } });
    const { user } = await openQueue();
    const row = await screen.findByRole('row', { name: 'Item 41' });
    const input = row.querySelector<HTMLInputElement>('input[type="file"]')!;
    // The file dialog offers .docx files only; a drag from elsewhere or "All files" can still pick a PDF.
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['%PDF'], 'draft.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(contentMessages.onlyDocx)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);

    await user.upload(input, new File(['PK'], 'late.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));
    expect(await screen.findByText(contentMessages.deliverNotAllowed)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('says so in a sentence when nothing matches, and resets the filters from there', async () => {
    const { user, calls } = await openQueue((call) => (route(call) === 'GET /api/fulfilment' ? json(200, listOf([], 0, 1, 20)) : undefined));
    expect(await screen.findByText(/No items match these filters/)).toBeInTheDocument();
    await pickIn(user, screen.getByRole('combobox', { name: 'Status' }), 'Revision Requested');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ status: 'Revision Requested' }));
    await user.click(within(screen.getByRole('table', { name: 'Items' })).getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ status: 'open' }));
  });

  it('shows the error with a Retry button that loads the queue again, not an empty queue', async () => {
    let failures = 1;
    const { calls } = await openQueue((call) => {
      if (route(call) !== 'GET /api/fulfilment') return undefined;
      if (failures-- > 0) return json(500, { message: messages.serverError });
      return json(200, listOf(ROWS, 3, 1, 20));
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(listScreenMessages.fulfilmentFailed);
    expect(alert).toHaveTextContent(messages.serverError);
    expect(screen.queryByRole('row', { name: 'Item 40' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No items match/)).not.toBeInTheDocument();
    expect(screen.queryByText('Showing 0 to 0 of 0 entries')).not.toBeInTheDocument();
    const listCalls = () => calls.filter((c) => route(c) === 'GET /api/fulfilment').length;
    expect(listCalls()).toBe(1);
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: 'Item 40' })).toBeInTheDocument();
    expect(listCalls()).toBe(2);
    expect(screen.queryByText(messages.serverError)).not.toBeInTheDocument();
  });

  it('shows one card per item on a phone, overdue ones marked, with the same actions', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...desktop(query), matches: query === '(max-width: 47.99em)' })) as typeof window.matchMedia;
    try {
      await openQueue();
      const cards = await screen.findByRole('list', { name: 'Items' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const overdue = within(cards).getByRole('listitem', { name: 'Item 40' });
      expect(overdue).toHaveAttribute('data-overdue');
      for (const text of ['Unassigned', 'Overdue', 'AgencyAcme Media', 'WriterNobody yet']) expect(overdue).toHaveTextContent(text);
      expect(within(overdue).getByRole('link', { name: '#40 Five habits' })).toHaveAttribute('href', '/content-view/40');
      expect(within(overdue).getByRole('button', { name: 'Take item 40' })).toBeInTheDocument();
      expect(within(cards).getByRole('listitem', { name: 'Item 41' })).not.toHaveAttribute('data-overdue');
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('is for admins only', async () => {
    fulfilmentApi('agency');
    const { router } = renderRoute('/fulfilment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
