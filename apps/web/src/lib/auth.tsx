import { useSyncExternalStore } from 'react';
import { roleOf, type AuthResponse, type Role, type User } from '@copydesk/shared';

/**
 * The browser session, kept in localStorage under the original portal's keys:
 * `token` the bearer token, `userId` the whole login response `{token, user}` as JSON,
 * `sendto` the email waiting for verification. Components read it through `useSession()`,
 * which re-renders them when it changes (in this tab or another one).
 */
export const STORAGE_KEYS = { token: 'token', auth: 'userId', sendto: 'sendto' } as const;

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
  const token = localStorage.getItem(STORAGE_KEYS.token);
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
 * Stores a login response. `quiet` writes storage without telling the screens, for a flow that
 * leaves the app right after (token sign-in from an emailed link, which navigates to the payment
 * page by a full page load): otherwise the visitors-only guard would react to the new token first.
 */
export function saveSession(auth: AuthResponse, options: { quiet?: boolean } = {}) {
  localStorage.setItem(STORAGE_KEYS.token, auth.token);
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ token: auth.token, user: auth.user }));
  localStorage.removeItem(STORAGE_KEYS.sendto);
  if (!options.quiet) emit();
}

/** Replaces the stored user (after GET /getInfo or a profile save), keeping the token. */
export function updateStoredUser(user: User) {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (!token) return;
  localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ token, user }));
  emit();
}

/** Signs out locally: token and stored user are removed. */
export function clearSession() {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.auth);
  emit();
}

/** Clears the local data: everything this site keeps in localStorage. */
export function clearLocalData() {
  localStorage.clear();
  emit();
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
