/**
 * Query keys of the billing feature. Everything money-related lives under `['billing']`, so one
 * invalidation after a payment or a top-up refreshes the balance in the top bar, the cards, the
 * history and the chart together.
 */
export const billingKeys = {
  all: ['billing'] as const,
  balance: (userId: number) => ['billing', 'balance', userId] as const,
  spending: (userId: number) => ['billing', 'spending', userId] as const,
  savedCards: (userId: number) => ['billing', 'saved-cards', userId] as const,
  history: (params: object) => ['billing', 'history', params] as const,
  detail: (id: number) => ['billing', 'detail', id] as const,
  /** The offer banner: under `['billing']`, so it is read again after every payment and top-up. */
  offerStatus: ['billing', 'offer-status'] as const,
};
