import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { RouteGuardOutlet } from './route-guard-outlet';

/**
 * The route table. Every screen is a lazy chunk, so /login loads only the shell and its own code.
 * Guards: see route-guard.ts (the full table of the spec, including screens built later; a path
 * with no screen yet falls through to `*` and lands on /dashboard).
 */
export const routes: RouteObject[] = [
  {
    element: <RouteGuardOutlet />,
    HydrateFallback: () => <FullPageLoader />,
    children: [
      // Visitors only
      { path: '/login', lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
      { path: '/signup', lazy: async () => ({ Component: (await import('./routes/signup')).SignupRoute }) },
      {
        path: '/password/reset/:token',
        lazy: async () => ({ Component: (await import('./routes/password-token')).ResetPasswordRoute }),
      },
      {
        path: '/setpassword/:token',
        lazy: async () => ({ Component: (await import('./routes/password-token')).SetPasswordRoute }),
      },
      {
        path: '/email/verify',
        lazy: async () => ({ Component: (await import('./routes/email-verify')).EmailVerifyRoute }),
      },
      {
        path: '/social-login/:token',
        lazy: async () => ({ Component: (await import('./routes/social-login')).SocialLoginRoute }),
      },

      // Signed in: inside the frame (sidebar, top bar)
      {
        lazy: async () => ({ Component: (await import('./routes/signed-in-frame')).SignedInFrame }),
        children: [
          {
            path: '/dashboard',
            lazy: async () => ({ Component: (await import('./routes/dashboard')).DashboardRoute }),
          },
          {
            path: '/my-account',
            lazy: async () => ({ Component: (await import('./routes/my-account')).MyAccountRoute }),
          },
          { path: '/billing', lazy: async () => ({ Component: (await import('./routes/billing')).BillingRoute }) },
          { path: '/payment/:id', lazy: async () => ({ Component: (await import('./routes/payment')).PaymentRoute }) },
          { path: '/order', lazy: async () => ({ Component: (await import('./routes/order-list')).OrderListRoute }) },
          { path: '/create', lazy: async () => ({ Component: (await import('./routes/create-order')).CreateOrderRoute }) },
          { path: '/create/:id', lazy: async () => ({ Component: (await import('./routes/create-order')).CreateOrderRoute }) },
          { path: '/items/:id', lazy: async () => ({ Component: (await import('./routes/order-items')).OrderItemsRoute }) },
          {
            path: '/content-view/:id',
            lazy: async () => ({ Component: (await import('./routes/content-view')).ContentViewRoute }),
          },
          { path: '/fulfilment', lazy: async () => ({ Component: (await import('./routes/fulfilment')).FulfilmentRoute }) },
          { path: '/management', lazy: async () => ({ Component: (await import('./routes/management')).ManagementRoute }) },
          { path: '/coupon', lazy: async () => ({ Component: (await import('./routes/coupon-list')).CouponListRoute }) },
          { path: '/add-coupon', lazy: async () => ({ Component: (await import('./routes/coupon-form')).AddCouponRoute }) },
          { path: '/edit-coupon/:id', lazy: async () => ({ Component: (await import('./routes/coupon-form')).EditCouponRoute }) },
          { path: '/coupon-history', lazy: async () => ({ Component: (await import('./routes/coupon-history')).CouponHistoryRoute }) },
          { path: '/message', lazy: async () => ({ Component: (await import('./routes/message')).MessageRoute }) },
        ],
      },

      // Development aid
      {
        path: '/dev/mailbox',
        lazy: async () => ({ Component: (await import('./routes/dev-mailbox')).DevMailboxRoute }),
      },

      { path: '*', element: <Navigate to="/dashboard" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);

/** For tests: the real route table in memory, starting at `path`. */
export const createTestRouter = (path: string) => createMemoryRouter(routes, { initialEntries: [path] });
