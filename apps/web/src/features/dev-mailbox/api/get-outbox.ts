import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type OutboxEmail = {
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  created_at: string;
};

/** GET /dev/outbox → {data: [...]}: emails the server would have sent (404 when the mailbox is off). */
export const getOutbox = () => api.get<{ data: OutboxEmail[] }>('/dev/outbox');

export const useOutbox = () => useQuery({ queryKey: ['dev', 'outbox'], queryFn: getOutbox, retry: false, refetchOnWindowFocus: true });
