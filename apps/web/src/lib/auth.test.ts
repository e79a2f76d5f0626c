import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/test/utils';
import { clearLocalData, clearSession, dropForgottenSession, getSession, getToken, SESSION_COOKIE, saveSession, updateStoredUser } from './auth';

const user = makeUser('agency');
const cookieToken = () =>
  document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1) ?? null;

afterEach(() => clearSession());

describe('Remember me', () => {
  it('ticked: the token is kept in localStorage, which outlives the browser, and no session cookie', () => {
    saveSession({ token: 'tok-long', user }, { remember: true });
    expect(localStorage.getItem('token')).toBe('tok-long');
    expect(cookieToken()).toBeNull();
    expect(getSession()).toMatchObject({ token: 'tok-long', role: 'agency', user: { id: user.id } });
  });

  it('unticked: the token lives only in a session cookie (no expiry: it ends with the browser)', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    saveSession({ token: 'tok-short', user });
    expect(localStorage.getItem('token')).toBeNull();
    expect(cookieToken()).toBe('tok-short');
    expect(writes.at(-1)).toMatch(/^copydesk_session=tok-short; Path=\/; SameSite=Strict$/);
    expect(writes.at(-1)).not.toMatch(/expires|max-age/i);
    expect(getToken()).toBe('tok-short');
    // The stored user still goes to localStorage: other tabs hear of the sign-in through its storage event.
    expect(JSON.parse(localStorage.getItem('userId')!)).toEqual({ token: 'tok-short', user });
  });

  it('switches cleanly between the two, and sign-out clears both', () => {
    saveSession({ token: 'tok-short', user });
    saveSession({ token: 'tok-long', user }, { remember: true });
    expect(cookieToken()).toBeNull();
    expect(getToken()).toBe('tok-long');
    saveSession({ token: 'tok-short-2', user }, { remember: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(getToken()).toBe('tok-short-2');
    updateStoredUser(makeUser('agency', { name: 'Renamed' }));
    expect(getSession().user?.name).toBe('Renamed');
    clearSession();
    expect(getSession()).toEqual({ token: null, user: null, role: null });
    saveSession({ token: 'tok-short-3', user });
    clearLocalData();
    expect(cookieToken()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('after the browser closed on a session not remembered, drops the stored user it left behind', () => {
    saveSession({ token: 'tok-short', user });
    // The browser drops the session cookie when it closes.
    document.cookie = `${SESSION_COOKIE}=; Path=/; Max-Age=0`;
    expect(getSession().token).toBeNull();
    dropForgottenSession();
    expect(localStorage.getItem('userId')).toBeNull();
  });

  it('keeps a remembered session at start-up', () => {
    saveSession({ token: 'tok-long', user }, { remember: true });
    dropForgottenSession();
    expect(getSession().token).toBe('tok-long');
    expect(localStorage.getItem('userId')).not.toBeNull();
  });
});
