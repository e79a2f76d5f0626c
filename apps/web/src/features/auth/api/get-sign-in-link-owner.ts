import { call } from '@/lib/api-client';

/**
 * POST /sign-in-link/owner {token} → {own, order_id, owner}: whose emailed sign-in link the signed-in
 * browser opened, without spending it (docs/decisions/0032-sign-in-links-return-paths-remember-me.md).
 */
export const getSignInLinkOwner = (token: string) => call('getSignInLinkOwner', { body: { token } });
