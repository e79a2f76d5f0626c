/** Query keys of the content domain; mutations refresh everything under `all`. */
export const contentKeys = {
  all: ['content'] as const,
  detail: (id: number) => ['content', 'detail', id] as const,
  preview: (id: number, documentId: number) => ['content', 'preview', id, documentId] as const,
  activity: (id: number, query: object) => ['content', 'activity', id, query] as const,
  list: (query: object) => ['content', 'list', query] as const,
  fulfilment: (query: object) => ['content', 'fulfilment', query] as const,
  agents: ['content', 'agents'] as const,
};
