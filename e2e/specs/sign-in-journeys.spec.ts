import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signInMessages } from '@copydesk/shared';
import { demo, fillSignIn, signIn } from '../harness/accounts';
import { latestMail, linkIn } from '../harness/mailbox';
import { expectAccessible, newPage } from '../harness/screens';

/**
 * Where a user lands when signing in (docs/decisions/0032-sign-in-links-return-paths-remember-me.md):
 * an emailed sign-in link opened in a browser that is already signed in, the page an emailed link
 * named before the sign-in, and "Remember me".
 */

async function tokenOf(request: APIRequestContext, who: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/login', { data: { email: who.email, password: who.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

/** The associate saves an unpaid order; the agency is emailed its one-time pay link. Answers the order and the link's path. */
async function agencyPayLink(request: APIRequestContext, title: string): Promise<{ orderId: number; path: string }> {
  const created = await request.post('/api/order/create', {
    headers: { Authorization: `Bearer ${await tokenOf(request, demo.associate)}` },
    data: {
      articlesData: [
        {
          orderType: 'Blog Post',
          wordCount: { word: '500 Words' },
          category: 'Technology',
          articleTitle: title,
          project_name: 'E2E sign-in journeys',
          about_company: 'We build city bikes.',
          target_audience: 'Commuters',
          purpose: 'Informative',
          writing_tone: 'Casual',
          publish_medium: 'Own Website',
        },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId = ((await created.json()) as { order: { id: number } }).order.id;
  const mail = await latestMail(request, demo.agency.email, new RegExp(`Order #${orderId} is waiting for payment`));
  const link = new URL(linkIn(mail, /^\/login$/));
  return { orderId, path: link.pathname + link.search };
}

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await newPage(browser);
  await signIn(page, who.email, who.password);
  return page;
}

const onPayment = (page: Page, orderId: number) => expect(page).toHaveURL(new RegExp(`/payment/${orderId}$`), { timeout: 15_000 });

test('(a) the agency, signed in, opens its own emailed link: straight to the payment page, and the link still works', async ({ browser, request }) => {
  const { orderId, path } = await agencyPayLink(request, 'Own link while signed in');
  const agency = await signedInPage(browser, demo.agency);

  await agency.goto(path);
  await onPayment(agency, orderId);
  await expect(agency.getByText(`Order #${orderId}`)).toBeVisible();
  // Still the agency's full session, not the link's: the order list opens.
  await agency.goto('/order');
  await expect(agency).toHaveURL(/\/order$/);

  // Not spent: in a fresh browser the same link signs the agency in.
  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(path);
  await onPayment(fresh, orderId);
  await expect(fresh.getByText(`Order #${orderId}`)).toBeVisible();
});

test('(b) an associate, signed in, opens the agency’s link: sees whose it is, signs out and lands on the payment page as the agency', async ({
  browser,
  request,
}) => {
  const { orderId, path } = await agencyPayLink(request, 'Agency link in the associate’s browser');
  const associate = await signedInPage(browser, demo.associate);

  await associate.goto(path);
  await expect(associate.getByRole('heading', { name: signInMessages.linkHeading })).toBeVisible();
  await expect(associate.getByText(signInMessages.linkForAnother('ag•••@example.com', demo.associate.email))).toBeVisible();
  await expectAccessible(associate, 'another account’s sign-in link', { screenshot: 'test-results/sign-in-link-other-account' });

  await associate.getByRole('button', { name: signInMessages.signOutAndContinue }).click();
  await onPayment(associate, orderId);
  await expect(associate.getByText(`Order #${orderId}`)).toBeVisible();
  const who = await associate.evaluate(() => (JSON.parse(localStorage.getItem('userId') ?? '{}') as { user?: { email?: string } }).user?.email);
  expect(who).toBe(demo.agency.email);
});

test('(b′) a signed-in user who keeps their session: the link stays unspent', async ({ browser, request }) => {
  const { orderId, path } = await agencyPayLink(request, 'Link left alone');
  const associate = await signedInPage(browser, demo.associate);
  await associate.goto(path);
  await associate.getByRole('button', { name: signInMessages.stayHere }).click();
  await expect(associate).toHaveURL(/\/dashboard$/);

  const fresh = await (await browser.newContext()).newPage();
  await fresh.goto(path);
  await onPayment(fresh, orderId);
});

test('(c) signed out, an emailed content or message link leads through sign-in to that page', async ({ browser, request }) => {
  const token = await tokenOf(request, demo.agency);
  const created = await request.post('/api/order/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      articlesData: [
        {
          orderType: 'Blog Post',
          wordCount: { word: '500 Words' },
          category: 'Technology',
          articleTitle: 'Kept through sign-in',
          project_name: 'E2E sign-in journeys',
          about_company: 'We build city bikes.',
          target_audience: 'Commuters',
          purpose: 'Informative',
          writing_tone: 'Casual',
          publish_medium: 'Own Website',
        },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId = ((await created.json()) as { order: { id: number } }).order.id;
  const order = await request.get(`/api/order/getById/${orderId}`, { headers: { Authorization: `Bearer ${token}` } });
  const itemId = ((await order.json()) as { content: { id: number }[] }).content[0]!.id;

  const page = await (await browser.newContext()).newPage();
  await page.goto(`/content-view/${itemId}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fcontent-view%2F${itemId}$`));
  await fillSignIn(page, demo.agency.email, demo.agency.password);
  await expect(page).toHaveURL(new RegExp(`/content-view/${itemId}$`));
  await expect(page.getByText('Kept through sign-in').first()).toBeVisible();

  const thread = await request.post('/api/message', {
    headers: { Authorization: `Bearer ${token}` },
    data: { subject: `Where am I ${Date.now().toString(36)}`, message: 'A message thread to come back to.' },
  });
  expect(thread.ok(), await thread.text()).toBe(true);
  const threadId = ((await thread.json()) as { id: number }).id;
  const other = await (await browser.newContext()).newPage();
  await other.goto(`/message?thread=${threadId}`);
  await expect(other).toHaveURL(/\/login\?next=/);
  await fillSignIn(other, demo.agency.email, demo.agency.password);
  await expect(other).toHaveURL(new RegExp(`/message\\?thread=${threadId}$`));
  await expect(other.getByText('A message thread to come back to.')).toBeVisible();
});

test('(d) a return path to another site is never followed: the sign-in lands on the dashboard', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  for (const next of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)']) {
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await fillSignIn(page, demo.associate.email, demo.associate.password);
    await expect(page, next).toHaveURL(/\/dashboard$/);
    expect(new URL(page.url()).host, next).not.toBe('evil.example');
    await page.evaluate(() => {
      localStorage.clear();
      document.cookie = 'copydesk_session=; Path=/; Max-Age=0';
    });
  }
});

test('(e) Remember me: unticked, closing the browser ends the session; ticked, it survives', async ({ browser }) => {
  for (const remember of [false, true]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await fillSignIn(page, demo.agency.email, demo.agency.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // A second tab shares the session either way.
    const tab = await context.newPage();
    await tab.goto('/order');
    await expect(tab).toHaveURL(/\/order$/);

    // Closing the browser: it keeps localStorage and the cookies with an expiry, and drops session cookies.
    const state = await context.storageState();
    await context.close();
    const reopened = await browser.newContext({ storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) } });
    const again = await reopened.newPage();
    await again.goto('/order');
    if (remember) {
      await expect(again).toHaveURL(/\/order$/);
    } else {
      await expect(again).toHaveURL(/\/login\?next=%2Forder$/);
      // Nothing of the account is left behind in the browser.
      expect(await again.evaluate(() => localStorage.getItem('userId'))).toBeNull();
    }
    await reopened.close();
  }
});
