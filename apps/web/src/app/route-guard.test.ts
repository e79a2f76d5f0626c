import { describe, expect, it } from 'vitest';
import type { Role } from '@copydesk/shared';
import { guardRoute } from './route-guard';

const visitor = { token: null, role: null };
const as = (role: Role) => ({ token: 'tok-123', role });
const admin = as('admin');
const agency = as('agency');
const associate = as('associate');
const toDashboard = { redirect: '/dashboard' };
const toLogin = { redirect: '/login' };

const visitorPages = ['/login', '/signup', '/password/reset/4f9c2a7e', '/setpassword/abc123def', '/email/verify'];

const signedInPages = [
  '/dashboard',
  '/order',
  '/content-view/17',
  '/create',
  '/create/42',
  '/payment/42',
  '/items/9001',
  '/fulfilment',
  '/my-account',
  '/management',
  '/billing',
  '/coupon',
  '/add-coupon',
  '/edit-coupon/3',
  '/coupon-history',
  '/message',
];

describe('guardRoute: visitors-only pages', () => {
  it.each(visitorPages)('%s opens for a visitor', (path) => {
    expect(guardRoute(path, visitor)).toBeNull();
  });

  it.each(visitorPages)('%s sends a signed-in user to /dashboard', (path) => {
    for (const session of [admin, agency, associate]) expect(guardRoute(path, session)).toEqual(toDashboard);
  });

  it('shows /login to a signed-in user when an emailed link carries token and order_id: the page asks whose link it is', () => {
    for (const session of [admin, agency, associate]) expect(guardRoute('/login?token=abc&order_id=42', session)).toBeNull();
    expect(guardRoute('/signup?token=abc&order_id=42', agency)).toEqual(toDashboard);
  });

  it('sends a signed-in user on /login?next= to that page, when it is one of this site', () => {
    expect(guardRoute('/login?next=%2Fcontent-view%2F17', agency)).toEqual({ redirect: '/content-view/17' });
    expect(guardRoute('/login?next=%2Fmessage%3Fthread%3D3', associate)).toEqual({ redirect: '/message?thread=3' });
    for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/login', '/signup']) {
      expect(guardRoute(`/login?next=${encodeURIComponent(next)}`, agency), next).toEqual(toDashboard);
    }
  });

  it('redirects to /dashboard when only one of token and order_id is in the query', () => {
    expect(guardRoute('/login?token=abc', agency)).toEqual(toDashboard);
    expect(guardRoute('/login?order_id=42', agency)).toEqual(toDashboard);
  });

  it('lets a visitor open the token sign-in link', () => {
    expect(guardRoute('/login?token=abc&order_id=42', visitor)).toBeNull();
  });
});

describe('guardRoute: signed-in pages', () => {
  it.each(signedInPages.filter((path) => path !== '/dashboard'))('%s sends a visitor to /login, carrying the page in ?next=', (path) => {
    expect(guardRoute(path, visitor)).toEqual({ redirect: `/login?next=${encodeURIComponent(path)}` });
  });

  it('sends a visitor from /dashboard to plain /login, and keeps the query of a message link', () => {
    expect(guardRoute('/dashboard', visitor)).toEqual(toLogin);
    expect(guardRoute('/message?thread=12', visitor)).toEqual({ redirect: '/login?next=%2Fmessage%3Fthread%3D12' });
  });

  it.each(['/dashboard', '/order', '/content-view/17', '/items/9001', '/my-account', '/billing'])('%s opens for every role', (path) => {
    for (const session of [admin, agency, associate]) expect(guardRoute(path, session)).toBeNull();
  });

  it('sends an associate away from /management, but not an agency or admin', () => {
    expect(guardRoute('/management', associate)).toEqual(toDashboard);
    expect(guardRoute('/management', agency)).toBeNull();
    expect(guardRoute('/management', admin)).toBeNull();
  });

  it('opens the support inbox (/message) to every signed-in role', () => {
    for (const session of [admin, agency, associate]) expect(guardRoute('/message', session)).toBeNull();
  });

  it.each(['/payment/42', '/create', '/create/42', '/create/7/'])('keeps an admin out of %s, with real ids', (path) => {
    expect(guardRoute(path, admin)).toEqual(toDashboard);
    expect(guardRoute(path, agency)).toBeNull();
    expect(guardRoute(path, associate)).toBeNull();
  });

  it.each(['/fulfilment', '/fulfilment/', '/coupon', '/add-coupon', '/edit-coupon/3', '/coupon-history'])('keeps non-admins out of %s', (path) => {
    expect(guardRoute(path, agency)).toEqual(toDashboard);
    expect(guardRoute(path, associate)).toEqual(toDashboard);
    expect(guardRoute(path, admin)).toBeNull();
  });

  it('guards a parametrised path even with a query string', () => {
    expect(guardRoute('/payment/42?coupon=SAVE10', admin)).toEqual(toDashboard);
    expect(guardRoute('/payment/42?coupon=SAVE10', visitor)).toEqual({ redirect: '/login?next=%2Fpayment%2F42%3Fcoupon%3DSAVE10' });
  });
});

describe('guardRoute: unknown and open paths', () => {
  it.each(['/', '/nope', '/create/42/extra', '/fulfilment/12', '/payment', '/edit-coupon', '/password/reset'])('%s goes to /dashboard', (path) => {
    expect(guardRoute(path, visitor)).toEqual(toDashboard);
    expect(guardRoute(path, agency)).toEqual(toDashboard);
  });

  it('leaves the Google sign-in landing to the page itself, which goes on to the return path', () => {
    expect(guardRoute('/social-login/Zm9vYmFy', visitor)).toBeNull();
    expect(guardRoute('/social-login/Zm9vYmFy', agency)).toBeNull();
  });

  it('leaves the development mailbox open to everyone', () => {
    expect(guardRoute('/dev/mailbox', visitor)).toBeNull();
    expect(guardRoute('/dev/mailbox', admin)).toBeNull();
  });
});
