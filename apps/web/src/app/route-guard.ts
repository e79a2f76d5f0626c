import type { Role } from '@copydesk/shared';

/**
 * The route table and its guards (access-and-billing §2), as one pure function so every rule is
 * tested and works for real ids: `/create/42` is guarded like `/create/{id}`.
 * The server enforces the same rules on every call; this only decides where the browser goes.
 */

type Access = 'visitor' | 'signedIn' | 'open';

type RouteRule = {
  pattern: string;
  access: Access;
  /** Roles sent back to /dashboard. */
  deny?: readonly Role[] | 'everyone';
};

const NON_ADMIN: readonly Role[] = ['agency', 'associate'];

export const ROUTE_RULES: readonly RouteRule[] = [
  { pattern: '/login', access: 'visitor' },
  { pattern: '/signup', access: 'visitor' },
  { pattern: '/password/reset/:token', access: 'visitor' },
  { pattern: '/setpassword/:token', access: 'visitor' },
  { pattern: '/email/verify', access: 'visitor' },
  { pattern: '/social-login/:token', access: 'visitor' },

  { pattern: '/dashboard', access: 'signedIn' },
  { pattern: '/order', access: 'signedIn' },
  { pattern: '/content-view/:id', access: 'signedIn' },
  { pattern: '/create', access: 'signedIn', deny: ['admin'] },
  { pattern: '/create/:id', access: 'signedIn', deny: ['admin'] },
  { pattern: '/payment/:id', access: 'signedIn', deny: ['admin'] },
  { pattern: '/items/:id', access: 'signedIn' },
  { pattern: '/fulfilment', access: 'signedIn', deny: NON_ADMIN },
  { pattern: '/my-account', access: 'signedIn' },
  { pattern: '/management', access: 'signedIn', deny: ['associate'] },
  { pattern: '/billing', access: 'signedIn' },
  { pattern: '/coupon', access: 'signedIn', deny: NON_ADMIN },
  { pattern: '/add-coupon', access: 'signedIn', deny: NON_ADMIN },
  { pattern: '/edit-coupon/:id', access: 'signedIn', deny: NON_ADMIN },
  { pattern: '/coupon-history', access: 'signedIn', deny: NON_ADMIN },
  // DESIGN.md §6.13: a working support inbox for everyone (the spec's redirect away is replaced).
  { pattern: '/message', access: 'signedIn' },

  // Development aid: lists the emails the server would have sent (no guard).
  { pattern: '/dev/mailbox', access: 'open' },
];

export type GuardSession = { token: string | null; role: Role | null };

export type GuardResult =
  | null
  | { redirect: string }
  /** A visitors-only page opened from an emailed sign-in link while someone is signed in. */
  | { clearSessionAndReload: true };

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  if (want.length !== have.length) return false;
  return want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]));
}

export function findRule(pathname: string): RouteRule | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_RULES.find((rule) => matches(rule.pattern, path));
}

/**
 * Where the browser must go instead of `location`, or null to show the page.
 * `location` is a path with an optional query (`/login?token=…&order_id=…`).
 */
export function guardRoute(location: string, session: GuardSession): GuardResult {
  const url = new URL(location, 'http://copydesk.local');
  const rule = findRule(url.pathname);
  const signedIn = Boolean(session.token);

  if (!rule) return { redirect: '/dashboard' };
  if (rule.access === 'open') return null;

  if (rule.access === 'visitor') {
    if (!signedIn) return null;
    if (url.searchParams.get('token') && url.searchParams.get('order_id')) return { clearSessionAndReload: true };
    return { redirect: '/dashboard' };
  }

  if (!signedIn) return { redirect: '/login' };
  if (rule.deny === 'everyone') return { redirect: '/dashboard' };
  // A stored user without a known role is treated as the least privileged: no admin screens.
  if (rule.deny?.includes(session.role ?? 'associate')) return { redirect: '/dashboard' };
  return null;
}
