import { useQuery } from '@tanstack/react-query';

import { call } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * POST /email/checkverify {email} → {verified, message}: has the emailed link been clicked yet?
 * The server tells only the browser that signed up (or proved the password at sign-in) through an
 * httpOnly cookie it set then, which fetch sends along by itself (same origin); anyone else, e.g.
 * another browser, always hears "not verified yet" and the emailed link leads to sign-in instead.
 */
export const checkVerify = (input: { email: string }) => call('checkVerify', { body: input });

/** How often the waiting tab asks while it is visible. */
export const CHECK_VERIFY_INTERVAL_MS = 5000;

/**
 * A question, not a change, so it is a query: it runs once on load, again when the user comes
 * back to the tab (typically after clicking the link in their mail app), and every few seconds
 * while the tab is visible (the link may be opened on another screen) until the answer is yes.
 */
export const useCheckVerify = (email: string | null) =>
  useQuery({
    queryKey: queryKeys.auth.checkVerify(email),
    queryFn: () => checkVerify({ email: email ?? '' }),
    enabled: Boolean(email),
    retry: false,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.verified || query.state.error ? false : CHECK_VERIFY_INTERVAL_MS),
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
