/**
 * A screen's code is a lazy chunk with a hashed name. Loading it can fail for a moment (a dropped
 * connection, an overloaded proxy) or for good (a deploy renamed it while the tab was open). The
 * route table asks again once (`lazyWithRetry`); if that fails too, the route's error screen reloads the
 * page once to pick up the new build (`shouldReloadForNewBuild`), and after that it shows itself.
 * docs/operations.md ("Deploys and open tabs") has the server's side: it keeps the previous builds'
 * files for a while.
 */

/** Runs `load`; when it fails, runs it once more and returns that attempt's result or error. */
export async function retryOnce<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch {
    return load();
  }
}

/**
 * A route's `lazy` function with one retry. When both attempts fail, it resolves to a screen that
 * throws the load's error as it draws, which the route's error element then shows: React Router
 * keeps a rejected `lazy` for the document's lifetime and draws neither the route nor its error
 * element, leaving a blank page.
 */
export function lazyWithRetry<T extends object>(load: () => Promise<T>): () => Promise<T | { Component: () => never }> {
  return async () => {
    try {
      return await retryOnce(load);
    } catch (error) {
      return {
        Component: () => {
          throw error;
        },
      };
    }
  };
}

/**
 * What each browser, and Vite's preload of a chunk's stylesheets, throws when a chunk cannot be
 * fetched: Chromium, Firefox, Safari, Vite.
 */
const CHUNK_LOAD_FAILURE =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/** Where the time of the last reload is kept: per tab, so another tab's reload does not count. */
export const RELOAD_KEY = 'copydesk.reloadedForNewBuild';
/** A second reload within this time would be a loop: the file is missing from the new build too. */
export const RELOAD_AGAIN_AFTER_MS = 60_000;

const decisions = new WeakMap<object, boolean>();

/**
 * Whether the error screen should reload the page rather than show itself: for a chunk that could
 * not be loaded, once a minute at most, remembered in `storage`. Without a storage to remember it
 * in, never (a reload could not know it was the second). Asked twice about the same error (a render
 * that runs again), it answers the same.
 */
export function shouldReloadForNewBuild(
  error: unknown,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeSessionStorage(),
  now = Date.now(),
): boolean {
  if (!isChunkLoadError(error)) return false;
  const known = decisions.get(error as object);
  if (known !== undefined) return known;
  let reload = false;
  try {
    if (storage) {
      const last = Number(storage.getItem(RELOAD_KEY));
      if (!(last > 0 && now - last < RELOAD_AGAIN_AFTER_MS && now >= last)) {
        storage.setItem(RELOAD_KEY, String(now));
        reload = true;
      }
    }
  } catch {
    // Storage refused (private mode, quota): no reload, as without a storage.
    reload = false;
  }
  decisions.set(error as object, reload);
  return reload;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
