/** Query keys of the inbox; sending refreshes lists, a thread and the unread count. */
export const messageKeys = {
  all: ['messages'] as const,
  lists: ['messages', 'list'] as const,
  list: (query: object) => ['messages', 'list', query] as const,
  thread: (id: number) => ['messages', 'thread', id] as const,
  unread: ['messages', 'unread'] as const,
};
