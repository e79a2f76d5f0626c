import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

const positiveId = (value: string | null): number | null => {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
};

/**
 * The inbox's state in its address, so that an emailed link opens a thread (`/message?thread=12`)
 * and an order's "Message us" opens the new-thread form about it (`/message?order_id=12`).
 * An open thread wins over `order_id`.
 */
export function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const threadId = positiveId(params.get('thread'));
  const orderId = threadId === null ? positiveId(params.get('order_id')) : null;

  const threadHref = useCallback((id: number) => `?thread=${id}`, []);

  const openThread = useCallback((id: number) => setParams({ thread: String(id) }), [setParams]);

  const closeThread = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete('thread');
        return next;
      }),
    [setParams],
  );

  /** Forgets `order_id` once its form is closed, so a reload does not open it again. */
  const clearOrder = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('order_id');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { threadId, orderId, threadHref, openThread, closeThread, clearOrder };
}
