import { roleCan, type Capability, type Role } from '@copydesk/shared';
import { landingPath, loginPathFor, NEXT_PARAM } from '@/features/auth/lib/return-path';

/**
 * The route table and its guards (docs/decisions/0011-tenancy-and-roles.md), as one pure function so every rule is
 * tested and works for real ids: `/create/42` is guarded like `/create/{id}`.
 * The server enforces the same rules on every call; this only decides where the browser goes.
 */

type Access = 'visitor' | 'signedIn' | 'open';

type RouteRule = {
  pattern: string;
  access: Access;
  /** The capability of the permission table the screen needs; a role without it goes back to /dashboard. */
  requires?: Capability;
};

export const ROUTE_RULES: readonly RouteRule[] = [
  { pattern: '/login', access: 'visitor' },
  { pattern: '/signup', access: 'visitor' },
  { pattern: '/password/reset/:token', access: 'visitor' },
  { pattern: '/setpassword/:token', access: 'visitor' },
  { pattern: '/email/verify', access: 'visitor' },

  { pattern: '/dashboard', access: 'signedIn' },
  { pattern: '/order', access: 'signedIn' },
  { pattern: '/content-view/:id', access: 'signedIn' },
  { pattern: '/create', access: 'signedIn', requires: 'orders.create' },
  { pattern: '/create/:id', access: 'signedIn', requires: 'orders.create' },
  { pattern: '/payment/:id', access: 'signedIn', requires: 'orders.pay' },
  { pattern: '/items/:id', access: 'signedIn' },
  { pattern: '/fulfilment', access: 'signedIn', requires: 'fulfilment.work' },
  { pattern: '/my-account', access: 'signedIn' },
  { pattern: '/management', access: 'signedIn', requires: 'users.manage' },
  { pattern: '/billing', access: 'signedIn' },
  { pattern: '/coupon', access: 'signedIn', requires: 'coupons.admin' },
  { pattern: '/add-coupon', access: 'signedIn', requires: 'coupons.admin' },
  { pattern: '/edit-coupon/:id', access: 'signedIn', requires: 'coupons.admin' },
  { pattern: '/coupon-history', access: 'signedIn', requires: 'coupons.admin' },
  // A working support inbox for everyone, where the original portal sent every role away (docs/decisions/0024-support-inbox.md).
  { pattern: '/message', access: 'signedIn' },
  { pattern: '/settings/developers', access: 'signedIn', requires: 'developers.manage' },

  // Where Google sign-in returns: the page itself exchanges the token, stores the session and goes on
  // to the return path; a guard reacting to the new session would send it to the dashboard first.
  { pattern: '/social-login/:token', access: 'open' },

  // Development aid: lists the emails the server would have sent (no guard).
  { pattern: '/dev/mailbox', access: 'open' },
];

export type GuardSession = { token: string | null; role: Role | null };

export type GuardResult = null | { redirect: string };

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
 * `location` is a path with an optional query (`/login?token=…&order_id=…`). A visitor sent to
 * /login carries the page in `?next=`, where the sign-in then lands (features/auth/lib/return-path.ts);
 * an emailed sign-in link opened while signed in stays on /login, which asks whose link it is
 * (docs/decisions/0032-sign-in-links-return-paths-remember-me.md).
 */
export function guardRoute(location: string, session: GuardSession): GuardResult {
  const url = new URL(location, 'http://copydesk.local');
  const rule = findRule(url.pathname);
  const signedIn = Boolean(session.token);

  if (!rule) return { redirect: '/dashboard' };
  if (rule.access === 'open') return null;

  if (rule.access === 'visitor') {
    if (!signedIn) return null;
    if (url.pathname === '/login' && url.searchParams.get('token') && url.searchParams.get('order_id')) return null;
    return { redirect: landingAfterSignIn(url.searchParams.get(NEXT_PARAM)) };
  }

  if (!signedIn) return { redirect: loginPathFor(`${url.pathname}${url.search}`) };
  // A stored user without a known role is treated as the least privileged: no admin screens.
  if (rule.requires && !roleCan(session.role ?? 'associate', rule.requires)) return { redirect: '/dashboard' };
  return null;
}

/** `landingPath`, but never a visitors-only page (which would only send the user on to the dashboard). */
export function landingAfterSignIn(next: string | null | undefined): string {
  const path = landingPath(next);
  const rule = findRule(new URL(path, 'http://copydesk.local').pathname);
  return rule?.access === 'visitor' ? '/dashboard' : path;
}
