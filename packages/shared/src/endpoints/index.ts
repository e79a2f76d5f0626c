import { apiKeyEndpoints } from './api-keys.js';
import { authEndpoints } from './auth.js';
import { billingEndpoints } from './billing.js';
import { catalogEndpoints } from './catalog.js';
import { contentEndpoints } from './content.js';
import { couponEndpoints } from './coupons.js';
import { dashboardEndpoints } from './dashboard.js';
import { geoEndpoints } from './geo.js';
import { healthEndpoints } from './health.js';
import { invoiceEndpoints } from './invoices.js';
import { mailEndpoints } from './mail.js';
import { messageEndpoints } from './messages.js';
import { offerEndpoints } from './offers.js';
import { orderEndpoints } from './orders.js';
import { socialEndpoints } from './social.js';
import { userEndpoints } from './users.js';
import { webhookEndpoints } from './webhooks.js';

/**
 * Every call of the API, by name: one file per server module, merged here. See define.ts for what
 * an entry holds; the server registers routes from it (apps/server/src/lib/route.ts) and the web
 * calls through it (`call` in apps/web/src/lib/api-client.ts).
 *
 * The web calls by name (`call('getCoupon', …)`): at run time it reads only `routes` (routes.ts,
 * methods and paths), and the types of `Endpoints`, so no screen carries zod or the schemas. Server
 * code and tests use `endpoints`.
 */
export const endpoints = {
  ...authEndpoints,
  ...socialEndpoints,
  ...userEndpoints,
  ...orderEndpoints,
  ...billingEndpoints,
  ...invoiceEndpoints,
  ...offerEndpoints,
  ...contentEndpoints,
  ...mailEndpoints,
  ...healthEndpoints,
  ...dashboardEndpoints,
  ...geoEndpoints,
  ...catalogEndpoints,
  ...couponEndpoints,
  ...messageEndpoints,
  ...apiKeyEndpoints,
  ...webhookEndpoints,
};

export {
  apiKeyEndpoints,
  authEndpoints,
  billingEndpoints,
  catalogEndpoints,
  contentEndpoints,
  couponEndpoints,
  dashboardEndpoints,
  geoEndpoints,
  healthEndpoints,
  invoiceEndpoints,
  mailEndpoints,
  messageEndpoints,
  offerEndpoints,
  orderEndpoints,
  socialEndpoints,
  userEndpoints,
  webhookEndpoints,
};

/** The table's type, by name: what the web's typed client reads its types from. */
export type Endpoints = typeof endpoints;

export * from './define.js';
export { routes } from './routes.js';
