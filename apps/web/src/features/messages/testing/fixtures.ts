import type { MessageThread, MessageThreadRow, ThreadMessage } from '../api/types';

/** Threads, a thread and its messages as GET /message and GET /message/{id} answer them. */
export function threadRow(overrides: Partial<MessageThreadRow> = {}): MessageThreadRow {
  return {
    id: 5,
    subject: 'Question about my invoice',
    order_id: null,
    last_message_at: '2026-03-02T10:15:00Z',
    unread: false,
    author: { id: 7, name: 'Ada Lovelace' },
    agency: { id: 7, name: 'Analytical Engines' },
    ...overrides,
  };
}

export function threadMessage(overrides: Partial<ThreadMessage> = {}): ThreadMessage {
  return {
    id: 100,
    message: 'Hello, where can I find my invoice?',
    created_at: '2026-03-01T09:00:00Z',
    author: { id: 7, name: 'Ada Lovelace', role: 'agency' },
    ...overrides,
  };
}

export function thread(overrides: Partial<MessageThread> = {}): MessageThread {
  return {
    id: 5,
    subject: 'Question about my invoice',
    order_id: null,
    created_at: '2026-03-01T09:00:00Z',
    last_message_at: '2026-03-02T10:15:00Z',
    author: { id: 7, name: 'Ada Lovelace' },
    agency: { id: 7, name: 'Acme Media' },
    messages: [
      threadMessage(),
      threadMessage({
        id: 101,
        message: 'It is on the Billing page.\nClick the eye icon to open it.',
        created_at: '2026-03-02T10:15:00Z',
        author: { id: 1, name: 'Grace Support', role: 'admin' },
      }),
    ],
    ...overrides,
  };
}

/** `{data, meta}` of one page. */
export function threadPage(rows: MessageThreadRow[], { total = rows.length, page = 1, limit = 10 } = {}) {
  const from = rows.length ? (page - 1) * limit + 1 : null;
  return {
    data: rows,
    meta: {
      from,
      to: from === null ? null : from + rows.length - 1,
      total,
      last_page: Math.max(1, Math.ceil(total / limit)),
      current_page: page,
      per_page: limit,
    },
  };
}
