import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@copydesk/shared';
import { call } from '@/lib/api-client';

/** GET /getuserbytoken/{token} → {token, user}: signs in from an emailed order link (and spends it). */
export const getUserByToken = (token: string) => call('getUserByToken', { params: { token } });

export const useGetUserByToken = () => useMutation({ mutationFn: getUserByToken });

/**
 * The exchanges of this page load, by token. A link is single-use: a second exchange would fail and
 * sign the user out, so a screen mounted twice (React StrictMode's double effects, a remount after
 * a guard redirect) gets the first exchange's answer instead of making another.
 */
const exchanges = new Map<string, Promise<AuthResponse>>();

/** `getUserByToken`, at most once per token in a page load. */
export function exchangeSignInLinkOnce(token: string): Promise<AuthResponse> {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = getUserByToken(token);
    exchanges.set(token, pending);
  }
  return pending;
}
