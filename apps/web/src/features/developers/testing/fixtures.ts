import type { ApiKey, Webhook, WebhookDelivery } from '@copydesk/shared';

/** Test data for the developers screen, in the shapes of the API's answers. */

export const apiKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  name: 'Order pipeline',
  prefix: 'cd_Ab3xY',
  created_at: '2026-11-20T10:00:00Z',
  last_used_at: null,
  ...overrides,
});

export const NEW_KEY = `cd_${'Q7'.repeat(20)}`;

export const webhook = (overrides: Partial<Webhook> = {}): Webhook => ({
  id: 4,
  url: 'https://hooks.example.com/copydesk',
  events: ['order.paid', 'content.delivered'],
  created_at: '2026-11-21T09:30:00Z',
  disabled_at: null,
  ...overrides,
});

export const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 11,
  event: 'order.paid',
  status: 'succeeded',
  attempts: 1,
  last_status_code: 200,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-11-22T08:00:00Z',
  ...overrides,
});

/** `{data, meta}` as the server pages it. */
export const pageOf = <T>(data: T[], total = data.length, page = 1, limit = 10) => ({
  data,
  meta: {
    from: total ? (page - 1) * limit + 1 : null,
    to: total ? (page - 1) * limit + data.length : null,
    total,
    last_page: Math.max(1, Math.ceil(total / limit)),
    current_page: page,
    per_page: limit,
  },
});
