import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '@/components/layouts/route-error';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { lazyWithRetry } from '@/lib/lazy-retry';
import type { RouteHandle } from './page-meta';
import { RouteGuardOutlet } from './route-guard-outlet';

/** A screen's name in the document title ("Orders · Copydesk"), read by usePageTitle (page-meta.ts). */
const page = (title: RouteHandle['title']): RouteHandle => ({ title });

const SIGNED_IN_FRAME = 'signed-in-frame';

/**
 * Every route gets the product's error screen (components/layouts/route-error.tsx), inside the
 * signed-in frame for the frame's screens, and loads its lazy chunk with one retry (lib/lazy-retry.ts).
 */
function withErrorScreens(table: RouteObject[], framed = false): RouteObject[] {
  return table.map((route) => {
    const lazy = route.lazy;
    return {
      ...route,
      errorElement: route.errorElement ?? <RouteError framed={framed} />,
      ...(typeof lazy === 'function' ? { lazy: lazyWithRetry(lazy) } : {}),
      ...(route.children ? { children: withErrorScreens(route.children, framed || route.id === SIGNED_IN_FRAME) } : {}),
    } as RouteObject;
  });
}

/**
 * The route table. Every screen is a lazy chunk, so /login loads only the shell and its own code.
 * Guards: see route-guard.ts (the full table of the portal's screens, including screens built later; a path
 * with no screen yet falls through to `*` and lands on /dashboard). Each screen names itself in
 * `handle` for the document title.
 */
export const routes: RouteObject[] = withErrorScreens([
  {
    element: <RouteGuardOutlet />,
    HydrateFallback: () => <FullPageLoader />,
    children: [
      // Visitors only
      {
        path: '/login',
        handle: page('Sign In'),
        lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
      },
      {
        path: '/signup',
        handle: page('Sign Up'),
        lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }),
      },
      {
        path: '/password/reset/:token',
        handle: page('Reset Password'),
        lazy: async () => ({ Component: (await import('./routes/password-token')).ResetPasswordRoute }),
      },
      {
        path: '/setpassword/:token',
        handle: page('Set Password'),
        lazy: async () => ({ Component: (await import('./routes/password-token')).SetPasswordRoute }),
      },
      {
        path: '/email/verify',
        handle: page('Verify Email'),
        lazy: async () => ({ Component: (await import('./routes/email-verify')).EmailVerifyRoute }),
      },
      {
        path: '/social-login/:token',
        handle: page('Signing In'),
        lazy: async () => ({ Component: (await import('./routes/social-login')).SocialLoginRoute }),
      },

      // Signed in: inside the frame (sidebar, top bar)
      {
        id: SIGNED_IN_FRAME,
        lazy: async () => ({ Component: (await import('./routes/signed-in-frame')).SignedInFrame }),
        children: [
          {
            path: '/dashboard',
            handle: page('Dashboard'),
            lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
          },
          {
            path: '/my-account',
            handle: page('My Account'),
            lazy: async () => ({ Component: (await import('./routes/my-account')).MyAccountRoute }),
          },
          {
            path: '/billing',
            handle: page('Billing'),
            lazy: async () => ({ Component: (await import('./routes/billing')).BillingRoute }),
          },
          {
            path: '/payment/:id',
            handle: page(({ id }) => `Payment for Order ${id}`),
            lazy: async () => ({ Component: (await import('./routes/payment')).PaymentRoute }),
          },
          {
            path: '/order',
            handle: page('Orders'),
            lazy: async () => ({ Component: (await import('./routes/order-list')).OrderListRoute }),
          },
          {
            path: '/create',
            handle: page('Place an Order'),
            lazy: async () => ({ Component: (await import('./routes/create-order')).CreateOrderRoute }),
          },
          {
            path: '/create/:id',
            handle: page(({ id }) => `Edit Order ${id}`),
            lazy: async () => ({ Component: (await import('./routes/create-order')).CreateOrderRoute }),
          },
          {
            path: '/items/:id',
            handle: page(({ id }) => `Order ${id}`),
            lazy: async () => ({ Component: (await import('./routes/order-items')).OrderItemsRoute }),
          },
          {
            path: '/content-view/:id',
            handle: page('Content'),
            lazy: async () => ({ Component: (await import('./routes/content-view')).ContentViewRoute }),
          },
          {
            path: '/fulfilment',
            handle: page('Fulfilment'),
            lazy: async () => ({ Component: (await import('./routes/fulfilment')).FulfilmentRoute }),
          },
          {
            path: '/management',
            handle: page('User Management'),
            lazy: async () => ({ Component: (await import('./routes/management')).ManagementRoute }),
          },
          {
            path: '/coupon',
            handle: page('Coupons'),
            lazy: async () => ({ Component: (await import('./routes/coupon-list')).CouponListRoute }),
          },
          {
            path: '/add-coupon',
            handle: page('Add Coupon'),
            lazy: async () => ({ Component: (await import('./routes/coupon-form')).AddCouponRoute }),
          },
          {
            path: '/edit-coupon/:id',
            handle: page('Edit Coupon'),
            lazy: async () => ({ Component: (await import('./routes/coupon-form')).EditCouponRoute }),
          },
          {
            path: '/coupon-history',
            handle: page('Coupon History'),
            lazy: async () => ({ Component: (await import('./routes/coupon-history')).CouponHistoryRoute }),
          },
          {
            path: '/settings/developers',
            handle: page('Developers'),
            lazy: async () => ({ Component: (await import('./routes/developers')).DevelopersRoute }),
          },
          {
            path: '/message',
            handle: page('Messages'),
            lazy: async () => ({ Component: (await import('./routes/message')).MessageRoute }),
          },
        ],
      },

      // Development aid
      {
        path: '/dev/mailbox',
        handle: page('Development Mailbox'),
        lazy: async () => ({ Component: (await import('./routes/dev-mailbox')).DevMailboxRoute }),
      },

      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
]);

export const createAppRouter = () => createBrowserRouter(routes);

/** For tests: the real route table in memory, starting at `path`. */
export const createTestRouter = (path: string) => createMemoryRouter(routes, { initialEntries: [path] });
