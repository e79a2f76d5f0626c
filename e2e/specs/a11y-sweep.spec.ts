import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { demo, newAgency } from '../harness/accounts';
import { verificationLink } from '../harness/mailbox';
import { expectAccessible, newPage } from '../harness/screens';
import { repoRoot } from '../harness/server';

/**
 * Every screen, for every role that may open it (app/router.tsx, app/route-guard.ts and the
 * permission table in packages/shared/src/permissions.ts), with its empty and error states where a
 * user can reach them: the document title names the screen, axe-core finds nothing serious or
 * critical at 1366 and 390 px, and the page never scrolls sideways. Every screen's full-page
 * screenshot at both widths is kept in e2e/test-results/screens/<role>-<screen>-<width>.png.
 * Failures are soft: one run lists every screen that fails, not only the first.
 */

const SHOTS = process.env.E2E_SCREENS_DIR ?? path.join(repoRoot, 'e2e/test-results/screens');

type Auth = { token: string; user: { id: number } };

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<Auth> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Auth;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: auth(token) });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const item = (title: string) => ({
  orderType: 'Blog Post',
  wordCount: { word: '500 Words' },
  category: 'Technology',
  articleTitle: title,
  project_name: 'E2E sweep',
  about_company: 'We build city bikes.',
  target_audience: 'Commuters',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
});

async function createOrder(request: APIRequestContext, token: string, title: string): Promise<number> {
  return (await api<{ order: { id: number } }>(request, token, 'POST', '/api/order/create', { articlesData: [item(title)] })).order.id;
}

/** An order paid from the wallet; its id and its first item's id. */
async function paidOrder(request: APIRequestContext, token: string, title: string): Promise<{ orderId: number; itemId: number }> {
  const orderId = await createOrder(request, token, title);
  await api(request, token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
  const detail = await api<{ content: { id: number }[] }>(request, token, 'GET', `/api/order/getById/${orderId}`);
  return { orderId, itemId: detail.content[0]!.id };
}

/**
 * A page signed in with a session stored as the app keeps it; the one-time welcome guide, first-order
 * guide and first-order redirect are marked as seen, so nothing opens over the screen being checked.
 */
async function signedInPage(browser: Browser, session: Auth, { guides = false } = {}): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/login');
  await page.evaluate(
    ({ a, seen }) => {
      localStorage.setItem('token', a.token);
      localStorage.setItem('userId', JSON.stringify(a));
      for (const key of seen) localStorage.setItem(`${key}:${a.user.id}`, '1');
    },
    { a: session, seen: guides ? ['firstOrderRedirect'] : ['welcomeGuideSeen', 'firstOrderGuideSeen', 'firstOrderRedirect'] },
  );
  return page;
}

/** A dialog that opens by itself (a guide), checked as it stands. */
const dialogOpens = (name: string) => async (page: Page) => {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
};

/**
 * Counts the page's requests in flight, so a sweep can wait for the screen's calls to end without
 * networkidle's fixed half second per screen.
 */
function trackRequests(page: Page): () => number {
  const pending = new Set<unknown>();
  page.on('request', (request) => pending.add(request));
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return () => pending.size;
}

const inFlight = new WeakMap<Page, () => number>();

/** Waits until the screen has drawn: its heading, no request in flight for a moment, no skeleton or loader left. */
async function drawn(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  const pending = inFlight.get(page);
  if (pending) {
    let quietSince = 0;
    await expect
      .poll(
        () => {
          if (pending() > 0) quietSince = 0;
          else quietSince ||= Date.now();
          return quietSince > 0 && Date.now() - quietSince >= 150;
        },
        { intervals: [50], message: "the screen's requests end" },
      )
      .toBe(true);
  }
  await expect(page.locator('.mantine-Skeleton-root[data-visible]:visible, .mantine-Loader-root:visible')).toHaveCount(0);
}

/**
 * Opens `target` as a click on a link would (the app's router, no reload: a second or two less per
 * screen than loading the app again), or by loading it: when `reload` says the screen before was
 * left in a state of its own (a toast, a dialog, a form half filled), when the page shows the app
 * signed out (/login: the session was stored after it loaded) or is already on that path.
 */
async function open(page: Page, target: string, reload: boolean): Promise<void> {
  const here = new URL(page.url());
  if (reload || here.pathname === '/login' || here.pathname === target.split('?')[0] || !(await inApp(page))) {
    await page.goto(target);
    return;
  }
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, target);
  await expect(page).toHaveURL((url) => url.pathname + url.search === target);
}

/** Whether the app is running in the page (it is not before the first load, or on an error page). */
const inApp = (page: Page) => page.evaluate(() => document.getElementById('root')?.hasChildNodes() ?? false).catch(() => false);

type Screen = {
  /** File-name part of the screenshot, and how failures name the screen. */
  name: string;
  path: string;
  /** The document title without " · Copydesk". */
  title: string;
  /** Brings the screen into the state to check once it has drawn (an empty submit, a dialog...). */
  act?: (page: Page) => Promise<void>;
};

async function sweep(page: Page, role: string, screens: Screen[]): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  if (!inFlight.has(page)) inFlight.set(page, trackRequests(page));
  let reload = true;
  for (const screen of screens) {
    await test.step(`${role}: ${screen.name}`, async () => {
      const label = `${role} ${screen.name} (${screen.path})`;
      await open(page, screen.path, reload);
      reload = screen.act !== undefined;
      await drawn(page);
      expect.soft(new URL(page.url()).pathname, `${label} stays on its address`).toBe(screen.path.split('?')[0]);
      await expect.soft(page, `${label} names itself in the title`).toHaveTitle(`${screen.title} · Copydesk`);
      if (screen.act) await screen.act(page);
      await expectAccessible(page, label, { soft: true, screenshot: path.join(SHOTS, `${role}-${screen.name}`) });
    });
  }
}

/** Submits the form of the screen empty: its fields marked, and a toast or an alert saying why. */
const submitEmpty = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
};

test.describe.configure({ mode: 'parallel' });

test('visitor screens', async ({ browser }) => {
  test.slow();
  const page = await newPage(browser);
  await sweep(page, 'visitor', [
    { name: 'login', path: '/login', title: 'Sign In' },
    { name: 'login-empty-submit', path: '/login', title: 'Sign In', act: submitEmpty('Sign in') },
    {
      name: 'forgot-password',
      path: '/login',
      title: 'Sign In',
      act: async (p) => {
        await p.getByRole('button', { name: 'Forgot password?' }).click();
        await expect.soft(p.getByRole('heading', { name: 'Forgot password?' })).toBeFocused();
      },
    },
    { name: 'signup', path: '/signup', title: 'Sign Up' },
    { name: 'signup-empty-submit', path: '/signup', title: 'Sign Up', act: submitEmpty('Sign Up') },
    { name: 'reset-password', path: '/password/reset/sweep-token', title: 'Reset Password' },
    { name: 'set-password', path: '/setpassword/sweep-token', title: 'Set Password' },
    { name: 'dev-mailbox', path: '/dev/mailbox', title: 'Development Mailbox' },
  ]);
});

test('admin screens', async ({ browser, request }) => {
  test.slow();
  const admin = await apiLogin(request, demo.admin.email, demo.admin.password);
  const agency = await apiLogin(request, demo.agency.email, demo.agency.password);
  const { orderId, itemId } = await paidOrder(request, agency.token, 'Sweep: what the admin sees');
  const code = `SWEEP${Date.now().toString(36).toUpperCase()}`;
  const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const coupon = await api<{ data: { id: number } }>(request, admin.token, 'POST', '/api/coupon', {
    coupon_code: code,
    type: 'fixed',
    amount: 5,
    user_id: '',
    expiry,
    limit: 10,
  });

  // An agency the admin added, then deactivated: its detail dialog offers Activate (a filled green button).
  const inactive = { name: 'Ina Inactive', email: `sweep-inactive-${Date.now().toString(36)}@example.com` };
  const added = await api<{ user: { id: number } }>(request, admin.token, 'POST', '/api/register', { sign: inactive });
  await api(request, admin.token, 'POST', '/api/user/changeStatus', { status: 0, userid: added.user.id });

  const page = await signedInPage(browser, admin);
  await sweep(page, 'admin', [
    { name: 'dashboard', path: '/dashboard', title: 'Dashboard' },
    { name: 'orders', path: '/order', title: 'Orders' },
    {
      name: 'orders-none-found',
      path: '/order',
      title: 'Orders',
      act: async (p) => {
        await p.getByRole('textbox', { name: 'Keyword' }).fill('no-such-order-anywhere');
        await p.waitForLoadState('networkidle');
        await expect(p.getByRole('row')).toHaveCount(2);
      },
    },
    { name: 'order-items', path: `/items/${orderId}`, title: `Order ${orderId}` },
    { name: 'content-view', path: `/content-view/${itemId}`, title: 'Content' },
    { name: 'fulfilment', path: '/fulfilment', title: 'Fulfilment' },
    { name: 'management', path: '/management', title: 'User Management' },
    {
      name: 'user-detail-inactive',
      path: '/management',
      title: 'User Management',
      act: async (p) => {
        await p.getByRole('textbox', { name: 'Search' }).fill(inactive.email);
        await p
          .getByRole('button', { name: `View ${inactive.name}` })
          .first()
          .click();
        await expect(p.getByRole('dialog').getByRole('button', { name: 'Activate' })).toBeVisible();
      },
    },
    { name: 'billing', path: '/billing', title: 'Billing' },
    { name: 'my-account', path: '/my-account', title: 'My Account' },
    { name: 'messages', path: '/message', title: 'Messages' },
    { name: 'coupons', path: '/coupon', title: 'Coupons' },
    { name: 'add-coupon', path: '/add-coupon', title: 'Add Coupon' },
    { name: 'add-coupon-empty-submit', path: '/add-coupon', title: 'Add Coupon', act: submitEmpty('Add Coupon') },
    { name: 'edit-coupon', path: `/edit-coupon/${coupon.data.id}`, title: 'Edit Coupon' },
    { name: 'coupon-history', path: '/coupon-history', title: 'Coupon History' },
  ]);
});

test('agency screens', async ({ browser, request }) => {
  test.slow();
  const agency = await apiLogin(request, demo.agency.email, demo.agency.password);
  const unpaid = await createOrder(request, agency.token, 'Sweep: waiting for payment');
  const { orderId, itemId } = await paidOrder(request, agency.token, 'Sweep: paid and in progress');
  // A coupon for every agency, applied on the payment screen; a message about the paid order.
  const admin = await apiLogin(request, demo.admin.email, demo.admin.password);
  const code = `SWEEPA${Date.now().toString(36).toUpperCase()}`;
  const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await api(request, admin.token, 'POST', '/api/coupon', { coupon_code: code, type: 'fixed', amount: 5, user_id: '', expiry, limit: 10 });
  const thread = await api<{ id: number }>(request, agency.token, 'POST', '/api/message', {
    subject: 'Sweep: about a paid order',
    message: 'Could the article mention our spring range?',
    order_id: orderId,
  });

  const page = await signedInPage(browser, agency);
  await sweep(page, 'agency', [
    { name: 'dashboard', path: '/dashboard', title: 'Dashboard' },
    { name: 'orders', path: '/order', title: 'Orders' },
    { name: 'create', path: '/create', title: 'Place an Order' },
    {
      name: 'create-brief-empty-submit',
      path: '/create',
      title: 'Place an Order',
      act: async (p) => {
        await p.getByRole('button', { name: 'Select Blog Post' }).click();
        await expect.soft(p.getByRole('heading', { name: 'Order Brief' })).toBeFocused();
        await p.getByRole('button', { name: 'Next', exact: true }).click();
        // The brief's problems are said under their fields, and the first of them takes focus.
        await expect(p.locator('[aria-invalid="true"]').first()).toBeFocused();
      },
    },
    { name: 'edit-order', path: `/create/${unpaid}`, title: `Edit Order ${unpaid}` },
    { name: 'payment', path: `/payment/${unpaid}`, title: `Payment for Order ${unpaid}` },
    {
      name: 'payment-coupon-applied',
      path: `/payment/${unpaid}`,
      title: `Payment for Order ${unpaid}`,
      act: async (p) => {
        await p.getByRole('textbox', { name: 'Coupon Code' }).fill(code);
        await p.getByRole('button', { name: 'Apply Coupon' }).click();
        await expect(p.getByText(`Coupon ${code} applied.`)).toBeVisible();
      },
    },
    { name: 'order-items', path: `/items/${orderId}`, title: `Order ${orderId}` },
    { name: 'content-view', path: `/content-view/${itemId}`, title: 'Content' },
    { name: 'management', path: '/management', title: 'User Management' },
    { name: 'billing', path: '/billing', title: 'Billing' },
    { name: 'my-account', path: '/my-account', title: 'My Account' },
    { name: 'messages', path: '/message', title: 'Messages' },
    {
      name: 'thread-with-order-link',
      path: `/message?thread=${thread.id}`,
      title: 'Messages',
      act: async (p) => {
        await expect(p.getByRole('article').getByRole('link', { name: `Order #${orderId}` })).toBeVisible();
      },
    },
  ]);
});

test('associate screens', async ({ browser, request }) => {
  test.slow();
  const associate = await apiLogin(request, demo.associate.email, demo.associate.password);
  const unpaid = await createOrder(request, associate.token, 'Sweep: the associate pays from the wallet');

  const page = await signedInPage(browser, associate);
  await sweep(page, 'associate', [
    { name: 'dashboard', path: '/dashboard', title: 'Dashboard' },
    { name: 'orders', path: '/order', title: 'Orders' },
    { name: 'create', path: '/create', title: 'Place an Order' },
    { name: 'payment', path: `/payment/${unpaid}`, title: `Payment for Order ${unpaid}` },
    { name: 'billing', path: '/billing', title: 'Billing' },
    { name: 'my-account', path: '/my-account', title: 'My Account' },
  ]);
});

test('a new agency: waiting for its email link, then the empty screens', async ({ browser, request }) => {
  test.slow();
  // Signed up (one sign-up for both parts: visitors may sign up 20 times an hour from one address).
  const fresh = newAgency('sweep-new');
  const registered = await request.post('/api/register', {
    data: {
      sign: {
        name: fresh.name,
        email: fresh.email,
        company_name: fresh.company,
        role_designation: fresh.role,
        contact_number: fresh.phone,
        password: fresh.password,
        confirmPassword: fresh.password,
        termsandcondition: true,
        countryCode: 'us',
        utms: {},
      },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const waiting = await newPage(browser);
  await waiting.goto('/login');
  await waiting.evaluate((email) => localStorage.setItem('sendto', email), fresh.email);
  await sweep(waiting, 'visitor', [{ name: 'email-verify', path: '/email/verify', title: 'Verify Email' }]);
  await waiting.context().close();

  // The emailed link opened, the first sign-in.
  const verified = await request.get(await verificationLink(request, fresh.email));
  expect(verified.url()).toContain('/login');
  const session = await apiLogin(request, fresh.email, fresh.password);

  // Its first sign-in: the welcome guide opens on the dashboard, the first-order guide on the form.
  const page = await signedInPage(browser, session, { guides: true });
  await sweep(page, 'new-agency', [
    { name: 'welcome-guide', path: '/dashboard', title: 'Dashboard', act: dialogOpens('Getting started') },
    { name: 'first-order-guide', path: '/create', title: 'Place an Order', act: dialogOpens('Your first order') },
    { name: 'dashboard', path: '/dashboard', title: 'Dashboard' },
    { name: 'orders', path: '/order', title: 'Orders' },
    { name: 'management', path: '/management', title: 'User Management' },
    { name: 'billing', path: '/billing', title: 'Billing' },
    { name: 'messages', path: '/message', title: 'Messages' },
  ]);
});
