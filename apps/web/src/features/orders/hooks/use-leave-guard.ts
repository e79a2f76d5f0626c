import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * Asks before leaving a form with unsaved changes, such as /create: in-app moves are held by the
 * router's blocker, a reload or a closed tab by the browser's own beforeunload prompt.
 * `allowNextLeave` lets the move after a save through.
 */
export function useLeaveGuard(when: boolean) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => when && !allowed.current && currentLocation.pathname !== nextLocation.pathname, [when]),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowed.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const allowNextLeave = useCallback(() => {
    allowed.current = true;
  }, []);

  return { blocker, allowNextLeave };
}
