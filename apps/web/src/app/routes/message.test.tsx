import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inboxMessages, messages, type Role } from '@copydesk/shared';
import type { MessageThread, MessageThreadRow } from '@/features/messages/api/types';
import { thread, threadMessage, threadPage, threadRow } from '@/features/messages/testing/fixtures';
import { json, mockApi, renderRoute, route, signIn, type FetchCall } from '@/test/utils';

type Handler = (call: FetchCall) => Response | undefined;

type Setup = {
  role?: Role;
  path?: string;
  rows?: MessageThreadRow[];
  detail?: MessageThread;
  unread?: () => number;
  handler?: Handler;
};

/** Signs in, answers the inbox calls (a handler may answer first) and opens `path`. */
async function openInbox({ role = 'agency', path = '/message', rows = [], detail = thread(), unread = () => 0, handler }: Setup = {}) {
  const auth = signIn(role);
  const calls = mockApi((call) => {
    const answer = handler?.(call);
    if (answer) return answer;
    switch (route(call)) {
      case 'GET /api/getInfo':
        return json(200, { user: auth.user });
      case 'GET /api/message/unread':
        return json(200, { count: unread() });
      case 'GET /api/message':
        return json(200, threadPage(rows));
      case `GET /api/message/${detail.id}`:
        return json(200, { data: detail });
    }
  });
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: 'Messages', level: 1 });
  return { ...view, calls };
}

const query = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://test.local').searchParams);
const count = (calls: FetchCall[], what: string) => calls.filter((c) => route(c) === what).length;

/** Makes the screen wide enough for the list and the thread side by side. */
const wideScreen = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (q: string) =>
      ({
        matches: q === '(min-width: 62em)',
        media: q,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList,
  );

describe('inbox list', () => {
  it('says there are no messages yet, and asks for the first page of 10', async () => {
    const { calls } = await openInbox();
    expect(await screen.findByText(messages.noMessages)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a Message' })).toBeInTheDocument();
    const list = calls.find((c) => route(c) === 'GET /api/message')!;
    expect(query(list)).toMatchObject({ page: '1', limit: '10' });
  });

  it('lists threads with who opened them, the order link and an unread marker in words', async () => {
    await openInbox({
      rows: [
        threadRow({
          id: 6,
          subject: 'Draft for order 12',
          order_id: 12,
          unread: true,
          author: { id: 8, name: 'Bob Associate' },
          agency: { id: 7, name: 'Acme Media' },
        }),
        threadRow(),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const [first, second] = within(list).getAllByRole('listitem');

    const unreadLink = within(first).getByRole('link', { name: 'Draft for order 12 (unread)' });
    expect(unreadLink).toHaveAttribute('href', '/message?thread=6');
    expect(first).toHaveAttribute('data-unread');
    expect(first).toHaveTextContent('Opened by Bob Associate');
    expect(within(first).getByRole('link', { name: 'Order #12' })).toHaveAttribute('href', '/items/12');
    // Only admins read every agency's threads; a customer is not told their own agency's name.
    expect(first).not.toHaveTextContent('Acme Media');
    expect(
      within(first)
        .getByText(/Last activity/)
        .closest('time'),
    ).toHaveAttribute('dateTime', '2026-03-02T10:15:00Z');

    expect(within(second).getByRole('link', { name: 'Question about my invoice' })).toBeInTheDocument();
    expect(second).not.toHaveAttribute('data-unread');
    expect(within(second).queryByRole('link', { name: /^Order #/ })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('names the agency of each thread for an admin, and offers no Create a Message', async () => {
    await openInbox({ role: 'admin', rows: [threadRow({ agency: { id: 7, name: 'Acme Media' } })] });
    const row = (await screen.findAllByRole('listitem'))[0];
    expect(row).toHaveTextContent('Opened by Ada Lovelace · Acme Media');
    expect(screen.queryByRole('button', { name: 'Create a Message' })).not.toBeInTheDocument();
  });

  it('pages through the threads', async () => {
    const { user, calls } = await openInbox({
      handler: (call) => {
        if (route(call) !== 'GET /api/message') return undefined;
        const page = Number(query(call).page);
        return json(200, threadPage([threadRow({ id: page, subject: `Thread on page ${page}` })], { total: 11, page }));
      },
    });
    expect(await screen.findByRole('link', { name: 'Thread on page 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Thread on page 2' })).toBeInTheDocument();
    expect(query(calls.filter((c) => route(c) === 'GET /api/message').at(-1)!)).toMatchObject({ page: '2', limit: '10' });
  });

  it('says when the list cannot be loaded, and retries', async () => {
    let fail = true;
    const { user } = await openInbox({
      rows: [threadRow()],
      handler: (call) => (route(call) === 'GET /api/message' && fail ? json(403, { message: messages.forbidden }) : undefined),
    });
    expect(await screen.findByText('Your messages could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(messages.forbidden)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Question about my invoice' })).toBeInTheDocument();
  });
});

describe('a thread', () => {
  it('opens from the list, shows the messages oldest first, refreshes the unread count and goes back on a phone', async () => {
    let unread = 1;
    const { user, router, calls } = await openInbox({
      rows: [threadRow({ unread: true })],
      unread: () => unread,
      handler: (call) => {
        // Reading the thread marks it read on the server.
        if (route(call) === 'GET /api/message/5') unread = 0;
        return undefined;
      },
    });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: 'Question about my invoice (unread)' }));

    await waitFor(() => expect(router.state.location.search).toBe('?thread=5'));
    const heading = await screen.findByRole('heading', { name: 'Question about my invoice', level: 2 });
    await waitFor(() => expect(heading).toHaveFocus());
    const entries = within(screen.getByRole('list', { name: 'Messages in this conversation' })).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Ada Lovelace');
    expect(entries[0]).toHaveTextContent('Agency');
    expect(entries[0]).toHaveTextContent('Hello, where can I find my invoice?');
    expect(entries[0]).not.toHaveAttribute('data-support');
    expect(entries[1]).toHaveTextContent('Grace Support');
    expect(entries[1]).toHaveTextContent('Support');
    expect(entries[1]).toHaveAttribute('data-support');
    expect(within(entries[1]).getByText(/Click the eye icon/)).toHaveTextContent('It is on the Billing page. Click the eye icon to open it.');

    // The sidebar badge follows the server once the thread is read.
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Messages' })).toBeInTheDocument());
    expect(count(calls, 'GET /api/message/unread')).toBeGreaterThanOrEqual(2);

    // A phone shows one pane at a time: the list is gone while the thread is open.
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to messages' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('list', { name: 'Conversations' })).toBeInTheDocument();
  });

  it('opens from an emailed link (?thread=) with the order it is about', async () => {
    const { calls } = await openInbox({ path: '/message?thread=5', detail: thread({ order_id: 12, subject: 'Order #12' }) });
    expect(await screen.findByRole('heading', { name: 'Order #12', level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/Opened by Ada Lovelace/)).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Order #12' });
    expect(within(article).getByRole('link', { name: 'Order #12' })).toHaveAttribute('href', '/items/12');
    expect(calls.some((c) => route(c) === 'GET /api/message/5')).toBe(true);
  });

  it("says so when the thread cannot be opened (another agency's)", async () => {
    await openInbox({
      path: '/message?thread=99',
      handler: (call) => (route(call) === 'GET /api/message/99' ? json(404, { message: messages.notFound }) : undefined),
    });
    expect(await screen.findByText('This conversation could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(messages.notFound)).toBeInTheDocument();
  });

  it('shows the list and the thread side by side on a wide screen', async () => {
    wideScreen();
    const { user } = await openInbox({ rows: [threadRow(), threadRow({ id: 6, subject: 'Another one' })] });
    expect(await screen.findByText('Choose a conversation to read it here.')).toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: 'Question about my invoice' }));
    expect(await screen.findByRole('heading', { name: 'Question about my invoice', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Question about my invoice' })).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('button', { name: 'Back to messages' })).not.toBeInTheDocument();
  });

  it('sends a reply with Ctrl+Enter and shows it once the thread is reloaded', async () => {
    let detail = thread();
    const { user, calls } = await openInbox({
      path: '/message?thread=5',
      handler: (call) => {
        if (route(call) === 'GET /api/message/5') return json(200, { data: detail });
        if (route(call) === 'POST /api/message/5/reply') {
          const { message } = call.body as { message: string };
          detail = { ...detail, messages: [...detail.messages, threadMessage({ id: 102, message, created_at: '2026-03-03T08:00:00Z' })] };
          return json(201, { message: inboxMessages.replySent, id: 102 });
        }
      },
    });
    const reply = await screen.findByRole('textbox', { name: 'Reply' });

    // Nothing to send yet: the field says so and nothing is posted.
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(messages.fieldRequired)).toBeInTheDocument();
    expect(reply).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => route(c) === 'POST /api/message/5/reply')).toBe(false);

    await user.type(reply, '  Found it, thank you!  ');
    expect(screen.getByText('24 / 5,000 characters')).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() =>
      expect(calls.filter((c) => route(c) === 'POST /api/message/5/reply').map((c) => c.body)).toEqual([{ message: 'Found it, thank you!' }]),
    );
    expect(await screen.findByText(inboxMessages.replySent)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Messages in this conversation' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Found it, thank you!');
    expect(reply).toHaveValue('');
  });

  it("shows the server's problem with a reply under the field", async () => {
    const { user } = await openInbox({
      path: '/message?thread=5',
      handler: (call) =>
        route(call) === 'POST /api/message/5/reply'
          ? json(422, { message: messages.invalidData, errors: { message: [inboxMessages.messageTooLong('5,000')] } })
          : undefined,
    });
    await user.type(await screen.findByRole('textbox', { name: 'Reply' }), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(inboxMessages.messageTooLong('5,000'))).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('Hi');
    // Shown under the field, so not also a toast.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Create a Message', () => {
  it('checks the fields, shows the server problems under them, then sends and opens the new thread', async () => {
    let attempt = 0;
    const { user, router, calls } = await openInbox({
      detail: thread({ id: 9, subject: 'Can you write in German?' }),
      handler: (call) => {
        if (route(call) !== 'POST /api/message') return undefined;
        attempt += 1;
        return attempt === 1
          ? json(422, { message: messages.invalidData, errors: { subject: [inboxMessages.subjectTooLong(250)], message: ['The message is not allowed.'] } })
          : json(201, { message: inboxMessages.threadCreated, id: 9 });
      },
    });
    await user.click(screen.getByRole('button', { name: 'Create a Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a Message' });
    const subject = within(dialog).getByRole('textbox', { name: /Subject/ });
    const body = within(dialog).getByRole('textbox', { name: /Message/ });
    expect(subject).toHaveAttribute('maxlength', '250');
    expect(body).toHaveAttribute('maxlength', '5000');
    expect(within(dialog).queryByRole('textbox', { name: 'Order' })).not.toBeInTheDocument();

    // Both fields are required: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getAllByText(messages.fieldRequired)).toHaveLength(2);
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(subject).toHaveFocus();
    expect(calls.some((c) => route(c) === 'POST /api/message')).toBe(false);

    await user.type(subject, 'Can you write in German?');
    expect(within(dialog).getByText('24 / 250 characters')).toBeInTheDocument();
    await user.type(body, 'We have a client in Berlin.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    // The server's 422: each problem under its field.
    expect(await within(dialog).findByText(inboxMessages.subjectTooLong(250))).toBeInTheDocument();
    expect(within(dialog).getByText('The message is not allowed.')).toBeInTheDocument();
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.search).toBe('?thread=9'));
    expect(calls.filter((c) => route(c) === 'POST /api/message').at(-1)!.body).toEqual({
      subject: 'Can you write in German?',
      message: 'We have a client in Berlin.',
    });
    expect(await screen.findByText(inboxMessages.threadCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a Message' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Can you write in German?', level: 2 })).toBeInTheDocument();
  });

  it('opens about an order from ?order_id=, with the order shown read-only and named in the subject', async () => {
    const { user, router, calls } = await openInbox({
      path: '/message?order_id=12',
      detail: thread({ id: 9, order_id: 12, subject: 'Order #12' }),
      handler: (call) => (route(call) === 'POST /api/message' ? json(201, { message: inboxMessages.threadCreated, id: 9 }) : undefined),
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create a Message' });
    const order = within(dialog).getByRole('textbox', { name: 'Order' });
    expect(order).toHaveValue('Order #12');
    expect(order).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: /Subject/ })).toHaveValue('Order #12');

    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'When will item 40 be ready?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(router.state.location.search).toBe('?thread=9'));
    expect(calls.find((c) => route(c) === 'POST /api/message')!.body).toEqual({
      subject: 'Order #12',
      message: 'When will item 40 be ready?',
      order_id: 12,
    });
  });

  it('forgets ?order_id= when the form is closed', async () => {
    const { user, router } = await openInbox({ path: '/message?order_id=12' });
    const dialog = await screen.findByRole('dialog', { name: 'Create a Message' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a Message' })).not.toBeInTheDocument());
  });

  it('lets an admin open a thread only about an order', async () => {
    const { user, calls } = await openInbox({
      role: 'admin',
      path: '/message?order_id=12',
      handler: (call) =>
        route(call) === 'POST /api/message' ? json(422, { message: messages.invalidData, errors: { order_id: [inboxMessages.orderInvalid] } }) : undefined,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Create a Message' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Your brief needs a keyword.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await within(dialog).findByText(inboxMessages.orderInvalid)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Order' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => route(c) === 'POST /api/message')!.body).toMatchObject({ order_id: 12 });

    // Without an order there is nothing for an admin to start.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a Message' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Create a Message' })).not.toBeInTheDocument();
  });
});
