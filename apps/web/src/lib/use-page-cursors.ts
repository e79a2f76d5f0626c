import { useCallback, useState } from 'react';

/**
 * The `after` cursor of each page a keyset-paged list can continue to: the server's
 * `meta.next_cursor` of page p starts page p + 1. Stepping to the next page then reads after the
 * cursor (as cheap deep in the list as at its start, and not shifted by rows added meanwhile); a
 * page reached any other way is read by its number. The cursors belong to one `listKey` (filters,
 * sort and page size): under any other key none is offered, so a cursor never meets a sort it was
 * not read under.
 */
export function usePageCursors(listKey: string) {
  const [state, setState] = useState<{ key: string; next: Record<number, string> }>({ key: listKey, next: {} });
  const cursors = state.key === listKey ? state.next : {};

  const remember = useCallback(
    (page: number, nextCursor: string | null | undefined) => {
      setState((s) => {
        const next = s.key === listKey ? s.next : {};
        if (!nextCursor || next[page + 1] === nextCursor) return s.key === listKey ? s : { key: listKey, next };
        return { key: listKey, next: { ...next, [page + 1]: nextCursor } };
      });
    },
    [listKey],
  );

  return { afterFor: (page: number): string | undefined => cursors[page], remember };
}
