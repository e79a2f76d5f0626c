import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentMessages, messages, reviewScreenMessages, type ContentDetail, type Role } from '@copydesk/shared';
import { activityRow, AGENTS, contentDetail, doc, listOf } from '@/features/content/testing/fixtures';
import { captureDownloads, FakeXhr, fileResponse } from '@/test/fake-xhr';
import { json, mockApi, renderRoute, route, signIn, pickIn, type FetchCall } from '@/test/utils';

const PREVIEW = '<h2>Five habits of busy shops</h2><p>Hello reader, this is the delivered text.</p>';

type Setup = {
  role?: Role;
  detail?: ContentDetail;
  status?: number;
  body?: unknown;
  handler?: (call: FetchCall) => Response | undefined;
};

async function openContent({ role = 'agency', detail = contentDetail(), status = 200, body, handler }: Setup = {}) {
  const auth = signIn(role);
  const calls = mockApi((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    switch (route(call)) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/content/40':
        return json(status, body ?? { data: detail });
      case 'GET /api/content/40/preview':
        return json(200, { html: PREVIEW });
      case 'GET /api/content/getActivityLogs/40':
        return json(200, listOf([activityRow(), activityRow({ id: 4, description: 'Item taken', filename: null })], 2));
      case 'GET /api/fulfilment/agents':
        return json(200, { data: AGENTS });
    }
  });
  const view = renderRoute('/content-view/40');
  return { ...view, calls };
}

const opened = async (setup?: Setup) => {
  const view = await openContent(setup);
  await screen.findByRole('heading', { name: 'Five habits', level: 1 });
  return view;
};

const count = (calls: FetchCall[], key: string) => calls.filter((c) => route(c) === key).length;
const query = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://test.local').searchParams);

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The admin's delivery dropzone's file input, once the Fulfilment panel has drawn it. */
const dropzoneInput = () =>
  waitFor(() => {
    const found = screen.getByRole('region', { name: 'Fulfilment' }).querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no dropzone yet');
    return found;
  });

describe('content view: a customer reviewing delivered content', () => {
  it('shows the item, its brief, the readable preview, versions, revisions and the activity log', async () => {
    const { calls } = await opened();
    expect(screen.getByText('Item ID 40')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to order 12' })).toHaveAttribute('href', '/items/12');

    const preview = await screen.findByRole('article', { name: 'Preview of version 2' });
    expect(within(preview).getByRole('heading', { name: 'Five habits of busy shops' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('Hello reader, this is the delivered text.');

    const brief = screen.getByRole('region', { name: 'Brief' });
    for (const text of [
      'Blog Post',
      '500 Words',
      'Technology',
      'Spring launch',
      'We build city bikes.',
      'Commuters',
      'Informative',
      'Casual',
      'Own Website',
      'Stock levels for small shops',
      'stock',
      'shops',
    ])
      expect(brief).toHaveTextContent(text);
    expect(within(brief).getByRole('link', { name: 'https://bikes.example.com' })).toHaveAttribute('target', '_blank');

    const status = screen.getByRole('region', { name: 'Status' });
    expect(status).toHaveTextContent('Pending Review');
    expect(status).toHaveTextContent('2 revisions left');
    expect(status).not.toHaveTextContent('Overdue');
    expect(status).not.toHaveTextContent('Grace Admin'); // the writer's name is for admins

    expect(screen.getByRole('button', { name: 'Download version 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download version 1' })).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Revision history' });
    expect(history).toHaveTextContent('Grammar');
    expect(history).toHaveTextContent('Fix the second paragraph.');

    const log = await screen.findByRole('table');
    expect(await within(log).findByText('Version 2 delivered')).toBeInTheDocument();
    expect(count(calls, 'GET /api/fulfilment/agents')).toBe(0);
  });

  it('shows a queued item as "Queued for a writer" with nothing to review and no preview call', async () => {
    const { calls } = await opened({ detail: contentDetail({ status: 'Unassigned', documents: [], revision: [], linkagent: null, linkagent_id: null }) });
    expect(screen.getAllByText('Queued for a writer').length).toBeGreaterThan(0);
    expect(screen.queryByText('Unassigned')).not.toBeInTheDocument();
    expect(screen.getByText(contentMessages.noDocument)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Revision' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download latest' })).not.toBeInTheDocument();
    expect(count(calls, 'GET /api/content/40/preview')).toBe(0);
  });

  it('marks an overdue item in words', async () => {
    await opened({ detail: contentDetail({ status: 'In Progress', overdue: true }) });
    expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent('Overdue');
  });

  it('approves after a confirmation, says what the server said and goes back to the order when nothing else waits', async () => {
    const { user, calls, router } = await opened({
      handler: (call) => (route(call) === 'POST /api/content/approved/40' ? json(200, { message: contentMessages.approved, next_review_id: null }) : undefined),
    });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve content' });
    expect(dialog).toHaveTextContent('version 2');
    expect(count(calls, 'POST /api/content/approved/40')).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(contentMessages.approved)).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/content/approved/40')?.body).toEqual({ id: 40 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/items/12'));
  });

  it('goes on to the next item of the order waiting for review after an approval', async () => {
    const { user, router } = await opened({
      handler: (call) => (route(call) === 'POST /api/content/approved/40' ? json(200, { message: contentMessages.approved, next_review_id: 43 }) : undefined),
    });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve content' })).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content-view/43'));
  });

  it("shows the words delivered against the order's, flags a short delivery, and the server's automatic approval date", async () => {
    await opened({ detail: contentDetail({ documents: [doc(1), doc(2, { word_count: 87 })], requested_word_count: 300 }) });
    const delivered = screen.getByRole('region', { name: 'Delivered content' });
    expect(delivered).toHaveTextContent(reviewScreenMessages.wordsAgainstOrder(87, 300));
    expect(within(delivered).getByRole('alert')).toHaveTextContent(reviewScreenMessages.shortDelivery(87, 300));
    expect(screen.getByRole('region', { name: 'Your review' })).toHaveTextContent(reviewScreenMessages.autoApproveOn('11 Mar'));
  });

  it('flags nothing when the delivery has the words ordered', async () => {
    await opened({ detail: contentDetail({ documents: [doc(1), doc(2, { word_count: 495 })], requested_word_count: 500 }) });
    const delivered = screen.getByRole('region', { name: 'Delivered content' });
    expect(delivered).toHaveTextContent(reviewScreenMessages.wordsAgainstOrder(495, 500));
    expect(within(delivered).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows what changed from the version before, word by word, from the stored previews', async () => {
    const { calls } = await opened({
      handler: (call) =>
        route(call) === 'GET /api/content/40/preview' && query(call).document === '11'
          ? json(200, { html: '<h2>Five habits of busy shops</h2><p>Hello visitor, this is the first text.</p>' })
          : undefined,
    });
    const changes = await screen.findByRole('region', { name: reviewScreenMessages.changesTitle(1, 2) });
    expect(
      within(changes)
        .getAllByRole('deletion')
        .map((el) => el.textContent?.replace(/\s+/g, ' ').trim()),
    ).toEqual(['[removed: visitor]', '[removed: first]']);
    expect(
      within(changes)
        .getAllByRole('insertion')
        .map((el) => el.textContent?.replace(/\s+/g, ' ').trim()),
    ).toEqual(['[added: reader]', '[added: delivered]']);
    expect(screen.getByText(reviewScreenMessages.changesSummary(2, 2))).toBeInTheDocument();
    const asked = calls.filter((c) => route(c) === 'GET /api/content/40/preview').map((c) => query(c).document);
    expect(asked.sort()).toEqual(['11', '12']);
  });

  it('keeps the user on the page with the server message when approval is refused', async () => {
    const { user, router } = await opened({
      handler: (call) => (route(call) === 'POST /api/content/approved/40' ? json(409, { message: contentMessages.approveNotAllowed }) : undefined),
    });
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Approve content' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(contentMessages.approveNotAllowed)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/content-view/40');
  });

  it('says under each missing revision field what is missing, focuses the first and sends nothing', async () => {
    const { user, calls } = await opened();
    await user.click(screen.getByRole('button', { name: 'Request Revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Revision' });
    const reason = within(dialog).getByRole('combobox', { name: /^Reason/ });
    const detail = within(dialog).getByRole('textbox', { name: /What should change/ });
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Send revision request' }));
    // Under each field, and the first takes focus.
    await waitFor(() => expect(reason).toHaveAccessibleDescription(contentMessages.revisionFieldsMissing));
    expect(detail).toHaveAccessibleDescription(contentMessages.revisionFieldsMissing);
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(detail).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(reason).toHaveFocus());

    // Only the field still missing stays red.
    await pickIn(user, reason, 'Grammar');
    expect(reason).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Send revision request' }));
    expect(detail).toHaveAttribute('aria-invalid', 'true');
    expect(count(calls, 'POST /api/content/revision/40')).toBe(0);
  });

  it('sends the reason, the detail and the writer, then refreshes the item', async () => {
    const { user, calls } = await opened({
      handler: (call) => (route(call) === 'POST /api/content/revision/40' ? json(200, { message: contentMessages.revisionRequested }) : undefined),
    });
    const loads = count(calls, 'GET /api/content/40');
    await user.click(screen.getByRole('button', { name: 'Request Revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Revision' });
    await pickIn(user, within(dialog).getByRole('combobox', { name: /^Reason/ }), 'Relevancy');
    await user.type(within(dialog).getByRole('textbox', { name: /What should change/ }), '  Focus on small bike shops.  ');
    expect(within(dialog).getByText('30 / 2000 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send revision request' }));

    expect(await screen.findByText(contentMessages.revisionRequested)).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/content/revision/40')?.body).toEqual({
      reason: 'Relevancy',
      detailedReason: 'Focus on small bike shops.',
      linkagent_id: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Revision' })).not.toBeInTheDocument());
    await waitFor(() => expect(count(calls, 'GET /api/content/40')).toBeGreaterThan(loads));
  });

  it('shows the server field errors of a refused revision under the fields', async () => {
    const { user } = await opened({
      handler: (call) =>
        route(call) === 'POST /api/content/revision/40'
          ? json(422, { message: messages.invalidData, errors: { detailedReason: [messages.fieldTooLong(2000)] } })
          : undefined,
    });
    await user.click(screen.getByRole('button', { name: 'Request Revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Revision' });
    await pickIn(user, within(dialog).getByRole('combobox', { name: /^Reason/ }), 'Formatting');
    await user.type(within(dialog).getByRole('textbox', { name: /What should change/ }), 'Headings');
    await user.click(within(dialog).getByRole('button', { name: 'Send revision request' }));
    expect(await within(dialog).findByText(messages.fieldTooLong(2000))).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /What should change/ })).toHaveAttribute('aria-invalid', 'true');
    // Under the field only, not in a toast too.
    expect(notificationsStore.getState().notifications).toEqual([]);
  });

  it('offers no revision when none are left, but still lets the customer approve', async () => {
    await opened({ detail: contentDetail({ revisions_left: 0 }) });
    const review = screen.getByRole('region', { name: 'Your review' });
    expect(review).toHaveTextContent(contentMessages.noRevisionsLeft);
    expect(screen.queryByRole('button', { name: 'Request Revision' })).not.toBeInTheDocument();
    expect(within(review).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('offers no review of an approved item', async () => {
    await opened({ detail: contentDetail({ status: 'Approved' }) });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Revision' })).not.toBeInTheDocument();
  });

  it('downloads the latest file and an older version with the bearer header', async () => {
    const saved = captureDownloads();
    const { user, calls } = await opened({
      handler: (call) => {
        if (route(call) !== 'GET /api/content/download/40') return undefined;
        return fileResponse(query(call).document === '11' ? 'five-habits-v1.docx' : 'five-habits-v2.docx');
      },
    });
    await user.click(screen.getByRole('button', { name: 'Download latest' }));
    await waitFor(() => expect(saved).toEqual(['five-habits-v2.docx']));
    await user.click(screen.getByRole('button', { name: 'Download version 1' }));
    await waitFor(() => expect(saved).toEqual(['five-habits-v2.docx', 'five-habits-v1.docx']));

    const downloads = calls.filter((c) => route(c) === 'GET /api/content/download/40');
    expect(query(downloads[0]!)).toEqual({});
    expect(query(downloads[1]!)).toEqual({ document: '11' });
    expect(downloads[1]!.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('tells an unverified user why in place, with Retry, and stays', async () => {
    const { router } = await openContent({ status: 403, body: { code: 'order.email_unverified', message: messages.verifyToViewOrder } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reviewScreenMessages.itemFailed);
    expect(alert).toHaveTextContent(messages.verifyToViewOrder);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/content-view/40');
  });

  it("says another agency's item (404) does not exist or is not the user's, in place", async () => {
    const { router } = await openContent({ status: 404, body: { message: messages.notFound } });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reviewScreenMessages.itemMissing);
    expect(screen.getByRole('link', { name: reviewScreenMessages.backToOrders })).toHaveAttribute('href', '/order');
    expect(router.state.location.pathname).toBe('/content-view/40');
  });

  it('recovers a failed load with Retry', async () => {
    let failed = false;
    await openContent({
      handler: (call) => {
        if (route(call) !== 'GET /api/content/40' || failed) return undefined;
        failed = true;
        return json(500, { message: messages.serverError });
      },
    });
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Five habits', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(reviewScreenMessages.itemFailed)).not.toBeInTheDocument();
  });
});

describe('content view: the admin variant', () => {
  it('shows raw statuses, the writer, and no review buttons', async () => {
    await opened({ role: 'admin', detail: contentDetail({ status: 'Pending Review' }) });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Revision' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent('Grace Admin');
  });

  it('sorts, pages and searches the activity log and downloads an entry file', async () => {
    const saved = captureDownloads();
    const { user, calls } = await opened({
      role: 'admin',
      handler: (call) => (route(call) === 'GET /api/content/downloadActivity/5' ? fileResponse('five-habits-v2.docx') : undefined),
    });
    const log = await screen.findByRole('table');
    const row = (await within(log).findByText('Version 2 delivered')).closest('tr')!;
    expect(row).toHaveTextContent('Grace Admin');
    const logCalls = () => calls.filter((c) => route(c) === 'GET /api/content/getActivityLogs/40');
    expect(query(logCalls().at(-1)!)).toMatchObject({ page: '1', limit: '10', sort_column: 'created_at', sort_order: 'desc' });
    expect(within(log).getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(log).getByRole('button', { name: 'Description' }));
    await waitFor(() => expect(query(logCalls().at(-1)!)).toMatchObject({ sort_column: 'description', sort_order: 'asc' }));
    await user.click(within(log).getByRole('button', { name: 'User' }));
    await waitFor(() => expect(query(logCalls().at(-1)!)).toMatchObject({ sort_column: 'username', sort_order: 'asc' }));

    await pickIn(user, screen.getByRole('combobox', { name: 'Entries per page' }), '5');
    await waitFor(() => expect(query(logCalls().at(-1)!)).toMatchObject({ limit: '5' }));
    await user.type(screen.getByRole('textbox', { name: 'Search the activity log' }), 'delivered');
    await waitFor(() => expect(query(logCalls().at(-1)!)).toMatchObject({ search: 'delivered', page: '1' }));

    // Only the entry with a file offers a download.
    expect(within(log).getAllByRole('button', { name: /^Download / })).toHaveLength(1);
    await user.click(within(log).getByRole('button', { name: 'Download five-habits-v2.docx' }));
    await waitFor(() => expect(saved).toEqual(['five-habits-v2.docx']));
  });

  it('lets an admin take a queued item, then offers the upload', async () => {
    let taken = false;
    const { user, calls } = await opened({
      role: 'admin',
      handler: (call) => {
        if (route(call) === 'POST /api/content/40/assign') {
          taken = true;
          return json(200, { message: contentMessages.assigned('Ada Lovelace') });
        }
        if (route(call) === 'GET /api/content/40')
          return json(200, {
            data: taken
              ? contentDetail({ status: 'In Progress', documents: [], linkagent: { id: 7, name: 'Ada Lovelace' }, linkagent_id: 7 })
              : contentDetail({ status: 'Unassigned', documents: [], linkagent: null, linkagent_id: null }),
          });
        return undefined;
      },
    });
    const panel = screen.getByRole('region', { name: 'Fulfilment' });
    await user.click(within(panel).getByRole('button', { name: 'Take' }));
    expect(await screen.findByText(contentMessages.assigned('Ada Lovelace'))).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/content/40/assign')?.body).toEqual({});
    // The item read again is drawn in the background, just after the toast (docs/decisions/0048-short-tasks-after-first-paint.md).
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Take' })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Status' })).toHaveTextContent('Ada Lovelace');
    await waitFor(() => expect(panel.querySelector('input[type="file"]')).not.toBeNull());
  });

  it('lets an admin hand an item sent back for revision to another admin', async () => {
    const { user, calls } = await opened({
      role: 'admin',
      detail: contentDetail({ status: 'Revision Requested' }),
      handler: (call) => (route(call) === 'POST /api/content/40/assign' ? json(200, { message: contentMessages.assigned('Linus Admin') }) : undefined),
    });
    const panel = screen.getByRole('region', { name: 'Fulfilment' });
    expect(panel).toHaveTextContent('The customer asked for a revision.');
    await user.click(within(panel).getByRole('button', { name: 'Assign to…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Linus Admin' }));
    expect(await screen.findByText(contentMessages.assigned('Linus Admin'))).toBeInTheDocument();
    expect(calls.find((c) => route(c) === 'POST /api/content/40/assign')?.body).toEqual({ linkagent_id: 9 });
  });

  it('counts the words of the chosen .docx first, then delivers it as multipart field "file" and focuses the new version', async () => {
    FakeXhr.install(
      (url) =>
        url.endsWith('/words')
          ? { status: 200, body: { word_count: 87, requested_word_count: 500, short: true } }
          : { status: 200, body: { message: contentMessages.delivered(3), document: doc(3) } },
      60,
    );
    // Once delivered the item waits for review: the refreshed page offers no upload any more.
    const { calls } = await opened({
      role: 'admin',
      handler: (call) =>
        route(call) === 'GET /api/content/40'
          ? json(200, { data: FakeXhr.sent.length ? contentDetail({ documents: [doc(1), doc(2), doc(3)] }) : contentDetail({ status: 'In Progress' }) })
          : undefined,
    });
    const loads = count(calls, 'GET /api/content/40');
    const panel = screen.getByRole('region', { name: 'Fulfilment' });
    const input = await dropzoneInput();
    const file = new File(['PK'], 'five-habits-v3.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    fireEvent.change(input, { target: { files: [file] } });

    // The count comes first; nothing is delivered until the admin confirms.
    const dialog = await screen.findByRole('dialog', { name: 'Deliver this file?' });
    expect(dialog).toHaveTextContent(reviewScreenMessages.shortBeforeDelivery(87, 500));
    expect(FakeXhr.sent.map((x) => x.url)).toEqual(['/api/content/40/documents/words']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deliver anyway' }));

    expect(await within(panel).findByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    expect(await screen.findByText(contentMessages.delivered(3))).toBeInTheDocument();
    const xhr = FakeXhr.sent[1]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/content/40/documents');
    expect(xhr.headers.Authorization).toBe('Bearer test-token');
    expect((xhr.body?.get('file') as File).name).toBe('five-habits-v3.docx');
    await waitFor(() => expect(count(calls, 'GET /api/content/40')).toBeGreaterThan(loads));
    const download = await screen.findByRole('button', { name: 'Download version 3' });
    expect(panel).toHaveTextContent("waiting for the customer's review");
    // Focus is on the new version, not the top of the page.
    await waitFor(() => expect(document.activeElement).toBe(download.closest('li')));
  });

  it('sends nothing when the admin cancels after seeing the count', async () => {
    FakeXhr.install({ status: 200, body: { word_count: 480, requested_word_count: 500, short: false } });
    await opened({ role: 'admin', detail: contentDetail({ status: 'In Progress' }) });
    const input = await dropzoneInput();
    fireEvent.change(input, { target: { files: [new File(['PK'], 'v3.docx')] } });
    const dialog = await screen.findByRole('dialog', { name: 'Deliver this file?' });
    expect(dialog).toHaveTextContent(reviewScreenMessages.fileWords(480, 500));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(FakeXhr.sent.map((x) => x.url)).toEqual(['/api/content/40/documents/words']);
  });

  it('refuses a file that is not a .docx before sending it', async () => {
    FakeXhr.install({ status: 201, body: {} });
    await opened({ role: 'admin', detail: contentDetail({ status: 'In Progress' }) });
    const input = await dropzoneInput();
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'draft.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText(contentMessages.onlyDocx)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });
});
