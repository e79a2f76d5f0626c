import { useEffect, useRef } from 'react';
import { useLocation, useMatches, type Params } from 'react-router';
import { focusPageHeading } from '@/lib/page-heading';

/** What a route of the table (router.tsx) says about its screen: the name in the document title. */
export type RouteHandle = { title: string | ((params: Params) => string) };

export const APP_NAME = 'Copydesk';

export const documentTitle = (screen: string | null) => (screen ? `${screen} · ${APP_NAME}` : APP_NAME);

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** Sets `<title>` to "<Screen> · Copydesk" from the deepest matched route that names its screen. */
export function usePageTitle(): void {
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => isRouteHandle(m.handle));
  const handle = match?.handle as RouteHandle | undefined;
  const screen = handle ? (typeof handle.title === 'function' ? handle.title(match!.params) : handle.title) : null;
  const title = documentTitle(screen);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** How long a new screen may take to draw its heading (a lazy chunk, the session's user). */
const HEADING_WAIT_MS = 3000;

/**
 * On each change of page (the path, not the query string), moves focus to the new page's main
 * heading once it is drawn, as a screen reader user expects after following a link. Not on the
 * first load of the app, nor its redirects before anyone touched the page (the browser starts at
 * the top of the document then), and never away from something that took focus meanwhile (a
 * dialog that opened, a field the screen focused itself).
 */
export function useFocusOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  const interacted = useRef(false);
  // What had focus as the new page began to render (the old page is still in the document): the
  // link or button that led here. Read during render, before the new page's own effects run.
  const rendered = useRef<{ pathname: string; before: Element | null } | null>(null);
  if (rendered.current?.pathname !== pathname) rendered.current = { pathname, before: typeof document === 'undefined' ? null : document.activeElement };

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    for (const type of ['keydown', 'pointerdown'] as const) window.addEventListener(type, mark, { capture: true, passive: true });
    return () => {
      for (const type of ['keydown', 'pointerdown'] as const) window.removeEventListener(type, mark, { capture: true });
    };
  }, []);

  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === null || from === pathname || !interacted.current) return;

    // Focus is free to move while it is on <body> (the control that was used went away with the
    // old page) or still on the link that led here.
    const before = rendered.current?.before ?? null;
    const free = () => {
      const active = document.activeElement;
      return !active || active === document.body || active === before;
    };
    const attempt = () => !free() || focusPageHeading();
    if (attempt()) return;

    const observer = new MutationObserver(() => {
      if (attempt()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
