import { expect, test, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { contentMessages, DOCX_MIME, reviewScreenMessages } from '@copydesk/shared';
import { makeDocx } from '../../apps/server/src/test/docx';
import { apiLogin, demo, registerVerifiedAgency, signInAs } from '../harness/accounts';
import { expectAccessible, newPage } from '../harness/screens';

/**
 * The order page and the review screen (docs/decisions/0040-review-screen.md): failed loads are said
 * in place with Retry; the admin sees a short file's words before delivering it and focus lands on
 * the new version; the customer sees the words against the order, the automatic approval date and
 * what changed, and Approve goes on to the next item waiting, then back to the order.
 */

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

const item = (articleTitle: string) => ({
  orderType: 'Blog Post',
  wordCount: { word: '500 Words' },
  category: 'Technology',
  articleTitle,
  project_name: 'E2E review',
  about_company: 'We build city bikes.',
  target_audience: 'Commuters',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
});

async function placeOrder(request: APIRequestContext, token: string, titles: string[]) {
  const created = await api<{ order: { id: number } }>(request, token, 'POST', '/api/order/create', { articlesData: titles.map(item) });
  const detail = await api<{ content: { id: number }[] }>(request, token, 'GET', `/api/order/getById/${created.order.id}`);
  return { orderId: created.order.id, itemIds: detail.content.map((c) => c.id) };
}

async function deliverByApi(request: APIRequestContext, token: string, itemId: number, paragraphs: string[]) {
  const res = await request.post(`/api/content/${itemId}/documents`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'delivery.docx', mimeType: DOCX_MIME, buffer: await makeDocx(paragraphs) } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A paragraph of `n` words that starts with `lead`. */
const wordsFrom = (lead: string, n: number) => [lead, ...Array.from({ length: n - lead.split(' ').length }, (_, i) => `pedal${i}`)].join(' ');

const retryIn = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title }).getByRole('button', { name: 'Retry' });

test('a failed order page, content view and recent orders say so in place, and Retry recovers', async ({ browser, request }) => {
  const agency = await registerVerifiedAgency(request, 'failed-loads');
  const page = await newPage(browser);
  const { token } = await signInAs(page, request, agency.email, agency.password);
  const { orderId, itemIds } = await placeOrder(request, token, ['Loads again']);
  const serverError = { status: 500, json: { code: 'server.error', message: 'Server Error' } };
  // Until unrouted: the app asks twice more after a 5xx (apps/web/src/app/provider.tsx).
  const failing = (pattern: string | RegExp) => page.route(pattern, (route) => route.fulfill(serverError));

  // The order page: a 500 in place, not a redirect; Retry loads it.
  await failing(`**/api/order/getById/${orderId}`);
  await page.goto(`/items/${orderId}`);
  await expect(page.getByRole('alert')).toContainText(reviewScreenMessages.orderFailed);
  await expect(page).toHaveURL(new RegExp(`/items/${orderId}$`));
  await expectAccessible(page, 'the failed order page', { screenshot: 'test-results/failed-order-page' });
  await page.unroute(`**/api/order/getById/${orderId}`);
  await retryIn(page, reviewScreenMessages.orderFailed).click();
  await expect(page.getByRole('row', { name: `Item ${itemIds[0]}` })).toBeVisible();

  // A 404 says the order or item is missing or not the user's (another agency's gets the same answer).
  await page.goto('/items/999999999');
  await expect(page.getByRole('alert')).toContainText(reviewScreenMessages.orderMissing);
  await page.goto('/content-view/999999999');
  await expect(page.getByRole('alert')).toContainText(reviewScreenMessages.itemMissing);

  // The content view, as the email's review link opens it.
  await failing(`**/api/content/${itemIds[0]}`);
  await page.goto(`/content-view/${itemIds[0]}`);
  await expect(page.getByRole('alert')).toContainText(reviewScreenMessages.itemFailed);
  await page.unroute(`**/api/content/${itemIds[0]}`);
  await retryIn(page, reviewScreenMessages.itemFailed).click();
  await expect(page.getByRole('heading', { name: 'Loads again', level: 1 })).toBeVisible();

  // The dashboard's recent orders: an error with Retry, not "no data".
  const recent = (route: Route) => (new URL(route.request().url()).searchParams.get('limit') === '3' ? route.fulfill(serverError) : route.fallback());
  await page.route('**/api/order?*', recent);
  await page.goto('/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: reviewScreenMessages.recentOrdersFailed })).toBeVisible();
  // A new agency's first dashboard greets it with the getting-started guide: closed first.
  const guide = page.getByRole('dialog');
  if (
    await guide.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    )
  ) {
    await page.keyboard.press('Escape');
    await expect(guide).toBeHidden();
  }
  await page.unroute('**/api/order?*', recent);
  await retryIn(page, reviewScreenMessages.recentOrdersFailed).click();
  await expect(page.getByRole('link', { name: new RegExp(`^Order #${orderId}`) })).toBeVisible();
});

test('deliver a short version, then review: words against the order, approval date, changes, Approve to the next item and back to the order', async ({
  browser,
  request,
}) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'review');
  const agencyAuth = await apiLogin(request, agency.email, agency.password);
  const adminAuth = await apiLogin(request, demo.admin.email, demo.admin.password);
  await api(request, adminAuth.token, 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: agencyAuth.user.id, balance: 200, description: 'E2E credit' },
  });
  const { orderId, itemIds } = await placeOrder(request, agencyAuth.token, ['Winter riding', 'Summer riding']);
  await api(request, agencyAuth.token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
  const [first, second] = itemIds as [number, number];
  for (const id of [first, second]) await api(request, adminAuth.token, 'POST', `/api/content/${id}/assign`, {});
  await deliverByApi(request, adminAuth.token, first, [wordsFrom('The first draft says hello to every rider.', 60)]);
  await deliverByApi(request, adminAuth.token, second, [wordsFrom('Summer riding needs water.', 480)]);
  await api(request, agencyAuth.token, 'POST', `/api/content/revision/${first}`, { reason: 'Relevancy', detailedReason: 'Say goodbye instead.' });
  await api(request, adminAuth.token, 'POST', `/api/content/${first}/assign`, {});

  // The admin chooses version 2 (87 words for a 500-word order): the count and the warning come before the delivery.
  const admin = await newPage(browser);
  await signInAs(admin, request, demo.admin.email, demo.admin.password);
  await admin.goto(`/content-view/${first}`);
  const fulfilment = admin.getByRole('region', { name: 'Fulfilment' });
  await fulfilment
    .locator('input[type="file"]')
    .setInputFiles({ name: 'winter-v2.docx', mimeType: DOCX_MIME, buffer: await makeDocx([wordsFrom('The second draft says goodbye to every rider.', 87)]) });
  const confirm = admin.getByRole('dialog', { name: 'Deliver this file?' });
  await expect(confirm).toContainText(reviewScreenMessages.shortBeforeDelivery(87, 500));
  await confirm.getByRole('button', { name: 'Deliver anyway' }).click();
  await expect(admin.getByText(contentMessages.delivered(2))).toBeVisible();
  // Focus is on the new version, not the top of the page.
  await expect(admin.locator(':focus')).toContainText('Version 2');

  // The customer opens the order's first row by keyboard: one link per row, with a chevron.
  const page = await newPage(browser);
  await signInAs(page, request, agency.email, agency.password);
  await page.goto(`/items/${orderId}`);
  const row = page.getByRole('row', { name: `Item ${first}` });
  await expect(row.getByRole('link')).toHaveCount(1);
  await expect(row.locator('.tabler-icon-chevron-right')).toBeVisible();
  const link = page.getByRole('link', { name: `Item ${first}: Winter riding` });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/content-view/${first}$`));

  // Short, the automatic approval date from the server's rule, and what changed.
  const detail = await api<{ data: { auto_approve_at: string } }>(request, agencyAuth.token, 'GET', `/api/content/${first}`);
  const day = new Date(detail.data.auto_approve_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  await expect(page.getByRole('region', { name: 'Delivered content' })).toContainText(reviewScreenMessages.shortDelivery(87, 500));
  await expect(page.getByRole('region', { name: 'Your review' })).toContainText(reviewScreenMessages.autoApproveOn(day));
  const changes = page.getByRole('region', { name: reviewScreenMessages.changesTitle(1, 2) });
  await expect(changes.locator('del').first()).toContainText('first');
  await expect(changes.locator('ins').first()).toContainText('second');
  await expectAccessible(page, 'the review screen', { screenshot: 'test-results/review-screen' });

  // Approve goes on to the next item waiting for review, then back to the order.
  await page.getByRole('region', { name: 'Your review' }).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve content' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`/content-view/${second}$`));
  await expect(page.getByRole('region', { name: 'Delivered content' })).not.toContainText('Short');
  await page.getByRole('region', { name: 'Your review' }).getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog', { name: 'Approve content' }).getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(new RegExp(`/items/${orderId}$`));
  await expect(page.getByRole('row', { name: `Item ${second}` })).toContainText('Approved');
});
