/**
 * Every TanStack Query key of the app, by feature. A feature's reads share its first segment
 * (`['coupons', …]`), so one invalidation of `queryKeys.<feature>.all` after a change refreshes
 * every list, detail and count of that feature together. Keys with parameters are functions; the
 * parameters object is part of the key, so each filter/page combination is cached on its own.
 */
export const queryKeys = {
  auth: {
    /** The signed-in user (GET /getInfo). */
    info: ['auth', 'info'] as const,
    checkVerify: (email: string | null) => ['auth', 'check-verify', email] as const,
  },

  /** Everything about other users: an add, edit or status change refreshes the list, detail, count and pickers. */
  users: {
    all: ['users'] as const,
    list: (query: object) => ['users', 'list', query] as const,
    detail: (id: number) => ['users', 'detail', id] as const,
    count: ['users', 'count'] as const,
    options: ['users', 'options'] as const,
    byRole: (role: string) => ['users', 'by-role', role] as const,
  },

  /** A coupon's change refreshes every coupon list, detail and history (the agency pickers are `users.byRole`). */
  coupons: {
    all: ['coupons'] as const,
    list: (params: object) => ['coupons', 'list', params] as const,
    detail: (id: number) => ['coupons', 'detail', id] as const,
    history: (params: object) => ['coupons', 'history', params] as const,
  },

  /** Sending refreshes the lists, a thread and the unread count. */
  messages: {
    lists: ['messages', 'list'] as const,
    list: (query: object) => ['messages', 'list', query] as const,
    thread: (id: number) => ['messages', 'thread', id] as const,
    unread: ['messages', 'unread'] as const,
  },

  catalog: {
    products: ['catalog', 'products'] as const,
    product: (name: string) => ['catalog', 'product', name] as const,
    categories: ['catalog', 'categories'] as const,
  },

  geo: {
    countries: ['geo', 'countries'] as const,
    states: (countryId: string | null) => ['geo', 'states', countryId] as const,
    cities: (stateId: string | null) => ['geo', 'cities', stateId] as const,
  },

  dashboard: {
    adminStats: ['dashboard', 'admin-stats'] as const,
  },

  orders: {
    all: ['orders'] as const,
    list: (query: object) => ['orders', 'list', query] as const,
    detail: (id: number) => ['orders', 'detail', id] as const,
    count: (status: string) => ['orders', 'count', status] as const,
    projects: ['orders', 'projects'] as const,
  },

  /** The order as the payment screen read it, once (it must not refetch after paying). */
  payment: {
    order: (id: number | null) => ['payment', 'order', id] as const,
  },

  /**
   * Everything money-related: one invalidation after a payment or a top-up refreshes the balance in
   * the top bar, the cards, the history, the chart and the offer banner together.
   */
  billing: {
    all: ['billing'] as const,
    balance: (userId: number) => ['billing', 'balance', userId] as const,
    spending: (userId: number) => ['billing', 'spending', userId] as const,
    monthlySpending: ['billing', 'monthly-spending'] as const,
    savedCards: (userId: number) => ['billing', 'saved-cards', userId] as const,
    history: (params: object) => ['billing', 'history', params] as const,
    detail: (id: number) => ['billing', 'detail', id] as const,
    offerStatus: ['billing', 'offer-status'] as const,
    paymentConfig: ['payment-config'] as const,
  },

  /** Content mutations refresh everything under `all`. */
  content: {
    all: ['content'] as const,
    detail: (id: number) => ['content', 'detail', id] as const,
    preview: (id: number, documentId: number) => ['content', 'preview', id, documentId] as const,
    activity: (id: number, query: object) => ['content', 'activity', id, query] as const,
    list: (query: object) => ['content', 'list', query] as const,
    fulfilment: (query: object) => ['content', 'fulfilment', query] as const,
    agents: ['content', 'agents'] as const,
  },

  devMailbox: {
    outbox: ['dev', 'outbox'] as const,
  },

  /** Settings → Developers: a key's or a webhook's change refreshes its list; a retry or test event refreshes the delivery logs. */
  developers: {
    apiKeys: ['developers', 'api-keys'] as const,
    webhooks: ['developers', 'webhooks'] as const,
    deliveries: (webhookId: number) => ['developers', 'deliveries', webhookId] as const,
    deliveryPage: (webhookId: number, query: object) => ['developers', 'deliveries', webhookId, query] as const,
  },
};
