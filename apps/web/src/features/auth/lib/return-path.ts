/**
 * Where a sign-in lands (docs/decisions/0032-sign-in-links-return-paths-remember-me.md): the page the
 * user was sent from, carried as `?next=` by the route guard's redirect to /login, or the dashboard.
 * Every sign-in path (password, Google, an emailed link) goes through `landingPath`, so only a path
 * of this site is ever followed: the address comes from a link anyone can craft.
 */

export const DEFAULT_LANDING = '/dashboard';

/** The query parameter the route guard puts the return path in. */
export const NEXT_PARAM = 'next';

const BASE = 'http://copydesk.invalid';
const MAX_LENGTH = 2048;

/**
 * `raw` when it is a path of this site (`/content-view/12`, `/message?thread=3`), normalised; null
 * for anything else: another origin in any spelling (`//evil.example`, `/\evil.example`,
 * `https://evil.example`, `javascript:…`), a relative path without the leading slash, control
 * characters or backslashes anywhere (browsers read `\` as `/`), or an overlong value.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can normalise into a protocol-relative address: `/.//evil.example` becomes `//evil.example`.
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** Where a sign-in goes: the return path when it is safe, else the dashboard. */
export function landingPath(raw: string | null | undefined): string {
  return safeReturnPath(raw) ?? DEFAULT_LANDING;
}

/** `/login?next=…` for a page the visitor must sign in to see; plain /login for the dashboard itself. */
export function loginPathFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== DEFAULT_LANDING ? `/login?${NEXT_PARAM}=${encodeURIComponent(safe)}` : '/login';
}

/**
 * Google sign-in leaves the app for the server and comes back to /social-login/{token}: what that
 * page needs to know of the sign-in form (the return path, the "Remember me" box) waits in this
 * tab's sessionStorage meanwhile.
 */
const GOOGLE_PENDING_KEY = 'googleSignIn';

export function rememberGoogleSignIn(pending: { next: string | null; remember: boolean }) {
  sessionStorage.setItem(GOOGLE_PENDING_KEY, JSON.stringify({ next: safeReturnPath(pending.next), remember: pending.remember }));
}

/** What the sign-in form left for the Google hand-off, once: read and removed. */
export function takeGoogleSignIn(): { next: string | null; remember: boolean } {
  const raw = sessionStorage.getItem(GOOGLE_PENDING_KEY);
  sessionStorage.removeItem(GOOGLE_PENDING_KEY);
  try {
    const parsed = raw ? (JSON.parse(raw) as { next?: unknown; remember?: unknown }) : null;
    return { next: typeof parsed?.next === 'string' ? safeReturnPath(parsed.next) : null, remember: parsed?.remember === true };
  } catch {
    return { next: null, remember: false };
  }
}
