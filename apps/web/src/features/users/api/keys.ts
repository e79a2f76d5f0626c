/**
 * Query keys of the users feature. Everything about other users lives under `['users']`, so one
 * invalidation after an add, an edit or a status change refreshes the list, the detail, the
 * dashboard count and the order filter's options together.
 */
export const userKeys = {
  all: ['users'] as const,
  list: (query: object) => ['users', 'list', query] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
  count: ['users', 'count'] as const,
  options: ['users', 'options'] as const,
};
