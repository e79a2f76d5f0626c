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

const visitorPages = ['/login', '/signup', '/password/reset/4f9c2a7e', '/setpassword/abc123def', '/email/verify', '/social-login/Zm9vYmFy'];

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

  it('clears the stored session and reloads when an emailed link carries token and order_id', () => {
    expect(guardRoute('/login?token=abc&order_id=42', agency)).toEqual({ clearSessionAndReload: true });
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
  it.each(signedInPages)('%s sends a visitor to /login', (path) => {
    expect(guardRoute(path, visitor)).toEqual(toLogin);
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
    expect(guardRoute('/payment/42?coupon=SAVE10', visitor)).toEqual(toLogin);
  });
});

describe('guardRoute: unknown and open paths', () => {
  it.each(['/', '/nope', '/create/42/extra', '/fulfilment/12', '/payment', '/edit-coupon', '/password/reset'])('%s goes to /dashboard', (path) => {
    expect(guardRoute(path, visitor)).toEqual(toDashboard);
    expect(guardRoute(path, agency)).toEqual(toDashboard);
  });

  it('leaves the development mailbox open to everyone', () => {
    expect(guardRoute('/dev/mailbox', visitor)).toBeNull();
    expect(guardRoute('/dev/mailbox', admin)).toBeNull();
  });
});
