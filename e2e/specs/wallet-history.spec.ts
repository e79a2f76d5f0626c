import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { demo, registerVerifiedAgency } from '../harness/accounts';
import { expectAccessible } from '../harness/screens';
import { repoRoot } from '../harness/server';

/**
 * The billing screen after refunds (docs/decisions/0033-refunds-in-every-figure.md): every
 * movement of the wallet is a row (the admin's credit, the wallet payments, the offer credit, the
 * refunds), the Total Spending card counts payments minus refunds, and the coupon history marks a
 * use a full refund gave back. The setup goes through the API; the screens are read as a user
 * reads them, at 1366 and 390 px, with axe-core.
 */

const SHOTS = process.env.E2E_SCREENS_DIR ?? path.join(repoRoot, 'e2e/test-results/screens');

type Auth = { token: string; user: { id: number } };

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<Auth> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Auth;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const item = (title: string) => ({
  orderType: 'Blog Post',
  wordCount: { word: '500 Words' },
  category: 'Technology',
  articleTitle: title,
  project_name: 'Wallet history',
  about_company: 'We build city bikes.',
  target_audience: 'Commuters',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
});

/** An order of `count` $28 items paid from the wallet (with `coupon` if given); its id and item ids. */
async function paidOrder(request: APIRequestContext, token: string, count: number, coupon?: string) {
  const articlesData = Array.from({ length: count }, (_, i) => item(`Piece ${i + 1}`));
  const orderId = (await api<{ order: { id: number } }>(request, token, 'POST', '/api/order/create', { articlesData })).order.id;
  await api(request, token, 'POST', '/api/order/pay', {
    paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId, ...(coupon ? { coupon_code: coupon } : {}) },
  });
  const detail = await api<{ content: { id: number }[] }>(request, token, 'GET', `/api/order/getById/${orderId}`);
  return { orderId, itemIds: detail.content.map((i) => i.id) };
}

async function openAs(page: Page, auth: Auth, path: string) {
  await page.goto('/login');
  await page.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('userId', JSON.stringify(a));
  }, auth);
  await page.goto(path);
}

test('the billing history lists every movement of the wallet, and spending counts refunds', async ({ page, request }) => {
  test.slow(); // a sign-up, a 36-item order, two refunds, and axe at two widths on two screens
  const admin = await apiLogin(request, demo.admin.email, demo.admin.password);
  const agency = await registerVerifiedAgency(request, 'wallet-history');
  const agencyAuth = await apiLogin(request, agency.email, agency.password);
  const code = `GIVEBACK${Date.now().toString(36).toUpperCase()}`;
  await api(request, admin.token, 'POST', '/api/coupon', { coupon_code: code, type: 'fixed', amount: '5', user_id: '', expiry: '2099-12-31', limit: '5' });
  await api(request, admin.token, 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: agencyAuth.user.id, balance: 1200, description: 'Opening credit' },
  });

  // 36 items of $28 = $1,008 reach the $1,000 offer: the $100 credit comes with that payment.
  const big = await paidOrder(request, agencyAuth.token, 36);
  // A $28 order with a $5 coupon ($23), then refunded in full: spending back to $1,008, the use given back.
  const small = await paidOrder(request, agencyAuth.token, 1, code);
  await api(request, admin.token, 'DELETE', `/api/order/${small.orderId}`);
  // One item of the big order refunded: $1,008 − $28 = $980 spent.
  await api(request, admin.token, 'DELETE', `/api/content/${big.itemIds[0]}`);

  await openAs(page, agencyAuth, '/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  // $1,200 − $1,008 + $100 − $23 + $23 + $28 = $320.
  await expect(page.getByRole('banner').getByRole('link', { name: /^Available balance/ })).toHaveAccessibleName('Available balance $320.00');
  await expect(page.getByText('$980.00', { exact: true })).toBeVisible();

  const table = page.getByRole('table', { name: 'Billing history' });
  // Newest first, five a page: the refunds, the coupon order, the offer credit and the big order.
  const offer = table.getByRole('row', { name: 'Offer credit' });
  await expect(offer).toContainText('No invoice');
  await expect(offer).toContainText('+$100.00');
  await expect(offer.getByRole('button')).toHaveCount(0);
  await expect(table.getByRole('row', { name: /^Credit note CN-/ })).toHaveCount(2);
  await expect(table.getByRole('row', { name: /^Credit note CN-/ }).first()).toContainText('+$28.00');
  await expect(page.getByRole('img', { name: 'Order payments less refunds per month' })).toBeVisible();
  await expectAccessible(page, 'billing with refunds', { screenshot: path.join(SHOTS, 'agency-billing-refunds') });

  // The admin's coupon history keeps the refunded use, marked.
  await openAs(page, admin, `/coupon-history`);
  await page.getByRole('textbox', { name: 'Search' }).fill(code);
  const use = page.getByRole('row', { name: /, refunded$/ });
  await expect(use).toContainText(code);
  await expect(use).toContainText('Refunded');
  await expectAccessible(page, 'coupon history with a refunded use', { screenshot: path.join(SHOTS, 'admin-coupon-history-refunded') });
});
