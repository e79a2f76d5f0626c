import { useSyncExternalStore } from 'react';
import { roleOf, type AuthResponse, type Role, type User } from '@copydesk/shared';

/**
 * The browser session, kept under the original portal's localStorage keys: `token` the bearer
 * token, `userId` the whole login response `{token, user}` as JSON, `sendto` the email waiting for
 * verification. Components read it through `useSession()`, which re-renders them when it changes
 * (in this tab or another one).
 *
 * "Remember me" (docs/decisions/0032-sign-in-links-return-paths-remember-me.md): a remembered
 * session keeps its token in localStorage, which outlives the browser (the server's session lasts
 * 30 days). Otherwise the token lives in a session cookie, which every tab shares and the browser
 * drops when it closes (the server's session lasts 12 hours); the server never reads that cookie,
 * it only ever takes the bearer header. Either way `userId` is written to localStorage, so the
 * `storage` event tells the other tabs of every sign-in and sign-out.
 */
export const STORAGE_KEYS = { token: 'token', auth: 'userId', sendto: 'sendto' } as const;

/** The cookie holding the token of a session that is not remembered. */
export const SESSION_COOKIE = 'copydesk_session';

function readSessionCookie(): string | null {
  const prefix = `${SESSION_COOKIE}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) || null : null;
}

/** No Expires nor Max-Age: the browser drops it when it closes. */
function writeSessionCookie(token: string | null) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    token === null
      ? `${SESSION_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict${secure}`
      : `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Strict${secure}`;
}

/** The stored token: a remembered one, else the session cookie's. */
function readToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token) || readSessionCookie();
}

export type Session = {
  token: string | null;
  user: User | null;
  /** The name of the last entry of user.roles. */
  role: Role | null;
};

const listeners = new Set<() => void>();
let cache: { token: string | null; raw: string | null; session: Session } | null = null;

function parseAuth(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<AuthResponse> | null;
    const user = parsed?.user;
    return user && typeof user === 'object' && Array.isArray(user.roles) ? user : null;
  } catch {
    return null;
  }
}

export function getSession(): Session {
  const token = readToken();
  const raw = localStorage.getItem(STORAGE_KEYS.auth);
  if (cache && cache.token === token && cache.raw === raw) return cache.session;
  const user = parseAuth(raw);
  const session: Session = { token: token || null, user, role: roleOf(user) };
  cache = { token, raw, session };
  return session;
}

export function getToken(): string | null {
  return getSession().token;
}

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/**
 * Stores a login response. `remember`: the session outlives the browser (localStorage), else it
 * ends when the browser closes (the session cookie). `quiet` writes storage without telling the
 * screens, for a flow that leaves the app right after (token sign-in from an emailed link, which
 * navigates to the payment page by a full page load): otherwise the visitors-only guard would react
 * to the new token first.
 */
export function saveSession(auth: AuthResponse, options: { quiet?: boolean; remember?: boolean } = {}) {
  if (options.remember) {
    localStorage.setItem(STORAGE_KEYS.token, auth.token);
    writeSessionCookie(null);
  } else {
    localStorage.removeItem(STORAGE_KEYS.token);
    writeSessionCookie(auth.token);
  }
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ token: auth.token, user: auth.user }));
  localStorage.removeItem(STORAGE_KEYS.sendto);
  if (!options.quiet) emit();
}

/** Replaces the stored user (after GET /getInfo or a profile save), keeping the token. */
export function updateStoredUser(user: User) {
  const token = readToken();
  if (!token) return;
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ token, user }));
  emit();
}

/** Signs out locally: token and stored user are removed. */
export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.token);
  writeSessionCookie(null);
  localStorage.removeItem(STORAGE_KEYS.auth);
  emit();
}

/** Clears the local data: everything this site keeps in localStorage, and the session cookie. */
export function clearLocalData() {
  writeSessionCookie(null);
  localStorage.clear();
  emit();
}

/**
 * At start-up: a session that was not remembered lost its cookie when the browser closed; the
 * stored user it leaves behind goes too, so nothing of the account stays on a shared computer.
 */
export function dropForgottenSession() {
  if (!readToken() && localStorage.getItem(STORAGE_KEYS.auth)) localStorage.removeItem(STORAGE_KEYS.auth);
}

export function getSendto(): string | null {
  return localStorage.getItem(STORAGE_KEYS.sendto) || null;
}

export function setSendto(email: string) {
  localStorage.setItem(STORAGE_KEYS.sendto, email);
}

export function clearSendto() {
  localStorage.removeItem(STORAGE_KEYS.sendto);
}
