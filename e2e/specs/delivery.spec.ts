import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { contentMessages } from '@copydesk/shared';
import { makeDocx } from '../../apps/server/src/test/docx';
import { demo, registerVerifiedAgency } from '../harness/accounts';
import { expectAccessible } from '../harness/screens';

/**
 * Delivery and review across screens (docs/decisions/0004-item-state-machine.md): the admin takes a
 * paid item in the fulfilment queue and delivers a .docx; the agency reads it in the content view
 * and asks for a revision; the admin delivers version 2; the agency approves, and the order shows
 * COMPLETED with the counters moved. Then an admin deletes a paid item of another order and the
 * agency's wallet shows the refund.
 */

type Auth = { token: string; user: unknown };

async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<Auth> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Auth;
}

/** A page of its own browser context, signed in with a session stored as the app keeps it. */
async function signedInPage(browser: Browser, auth: Auth): Promise<Page> {
  // axe injects its script; the app's CSP would refuse it.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/login');
  await page.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('userId', JSON.stringify(a));
  }, auth);
  return page;
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

const item = (title: string) => ({
  orderType: 'Blog Post',
  wordCount: { word: '500 Words' },
  category: 'Technology',
  articleTitle: title,
  project_name: 'E2E delivery',
  about_company: 'We build city bikes.',
  target_audience: 'Commuters',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
});

/** Places and pays (wallet) an order; returns its id and its items' ids. */
async function paidOrder(request: APIRequestContext, token: string, titles: string[]) {
  const created = await api<{ order: { id: number } }>(request, token, 'POST', '/api/order/create', { articlesData: titles.map(item) });
  await api(request, token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: created.order.id } });
  const detail = await api<{ content: { id: number }[] }>(request, token, 'GET', `/api/order/getById/${created.order.id}`);
  return { orderId: created.order.id, itemIds: detail.content.map((c) => c.id) };
}

/** The admin delivers a .docx on the content view: the dropzone's file input takes it. */
async function deliver(page: Page, itemId: number, paragraphs: string[], { take }: { take: boolean }) {
  await page.goto(`/content-view/${itemId}`);
  const fulfilment = page.getByRole('region', { name: 'Fulfilment' });
  if (take) {
    await fulfilment.getByRole('button', { name: 'Take', exact: true }).click();
    await expect(page.getByText(contentMessages.assigned('Avery Admin'))).toBeVisible();
  }
  const docx = await makeDocx(paragraphs);
  await fulfilment
    .locator('input[type="file"]')
    .setInputFiles({ name: 'delivery.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: docx });
  // The file's word count against the order comes first (docs/decisions/0040-review-screen.md).
  await page
    .getByRole('dialog', { name: 'Deliver this file?' })
    .getByRole('button', { name: /^Deliver/ })
    .click();
  await expect(page.getByText(/^Version \d+ has been delivered/)).toBeVisible();
}

const counter = (page: Page, label: string) => page.getByRole('region', { name: 'Order counts' }).locator('.mantine-Card-root', { hasText: label });

test('an item travels from the queue through a revision to approval, and a deleted paid item is refunded', async ({ browser, request }) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'delivery');
  const agencyAuth = await apiLogin(request, agency.email, agency.password);
  const adminAuth = await apiLogin(request, demo.admin.email, demo.admin.password);
  const agencyId = (agencyAuth.user as { id: number }).id;
  await api(request, adminAuth.token, 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: agencyId, balance: 200, description: 'E2E credit' },
  });
  const { orderId, itemIds } = await paidOrder(request, agencyAuth.token, ['Five habits of bike commuters']);
  const itemId = itemIds[0]!;

  const admin = await signedInPage(browser, adminAuth);
  const customer = await signedInPage(browser, agencyAuth);

  // The admin finds the paid item in the fulfilment queue, takes it and delivers version 1.
  await admin.goto('/fulfilment');
  await admin.getByRole('textbox', { name: 'Search', exact: true }).fill('Five habits of bike commuters');
  const row = admin.getByRole('row', { name: `Item ${itemId}` });
  await expect(row).toContainText('Five habits of bike commuters');
  await expect(row).toContainText('Unassigned');
  // The search has answered: the queue is settled before axe reads it.
  await expect(admin.getByRole('table', { name: 'Items' })).not.toHaveAttribute('aria-busy');
  await expectAccessible(admin, 'the fulfilment queue');
  await row.getByRole('button', { name: `Take item ${itemId}` }).click();
  await expect(admin.getByText(contentMessages.assigned('Avery Admin'))).toBeVisible();
  await expect(row).toContainText('In Progress');
  await expect(row).toContainText('Avery Admin');
  await row.getByRole('link', { name: 'Five habits of bike commuters' }).click();
  await expect(admin).toHaveURL(new RegExp(`/content-view/${itemId}$`));
  await deliver(admin, itemId, ['# Five habits of bike commuters', 'Version one: ride every day, rain or shine.'], { take: false });

  // The agency reads the preview and asks for a revision.
  await customer.goto(`/content-view/${itemId}`);
  await expect(customer.getByText('This content is waiting for your review.')).toBeVisible();
  await expect(customer.getByText('Version one: ride every day, rain or shine.')).toBeVisible();
  await expect(customer.getByText('3 revisions left').first()).toBeVisible();
  await expectAccessible(customer, 'the content view under review');
  await customer.getByRole('button', { name: 'Request Revision' }).click();
  const dialog = customer.getByRole('dialog', { name: 'Request Revision' });
  await dialog.getByRole('button', { name: 'Send revision request' }).click();
  // Under each of the two fields (docs/decisions/0038-errors-beside-fields.md).
  await expect(dialog.getByText(contentMessages.revisionFieldsMissing)).toHaveCount(2);
  await expectAccessible(customer, 'the revision request with missing fields');
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await customer.getByRole('option', { name: 'Relevancy', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'What should change?' }).fill('Please add a paragraph about winter riding.');
  await dialog.getByRole('button', { name: 'Send revision request' }).click();
  await expect(customer.getByText(contentMessages.revisionRequested)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(customer.getByRole('region', { name: 'Revision history' })).toContainText('Please add a paragraph about winter riding.');

  // The admin delivers version 2.
  await admin.goto(`/content-view/${itemId}`);
  await expect(admin.getByRole('region', { name: 'Fulfilment' })).toBeVisible();
  await expectAccessible(admin, "the admin's content view");
  await deliver(admin, itemId, ['# Five habits of bike commuters', 'Version two: ride every day, and in winter use studded tyres.'], { take: true });

  // The agency approves version 2 and, with nothing else waiting, lands on the order; the orders list shows it completed.
  await customer.reload();
  await expect(customer.getByText('Version two: ride every day, and in winter use studded tyres.')).toBeVisible();
  await expect(customer.getByText('2 revisions left').first()).toBeVisible();
  await customer.getByRole('region', { name: 'Your review' }).getByRole('button', { name: 'Approve' }).click();
  await customer.getByRole('dialog', { name: 'Approve content' }).getByRole('button', { name: 'Approve' }).click();
  await expect(customer).toHaveURL(new RegExp(`/items/${orderId}$`));
  await expect(customer.getByText(contentMessages.approved)).toBeVisible();
  await customer.getByRole('link', { name: 'Back to orders' }).click();
  const orderRow = customer.getByRole('row', { name: `Order ${orderId}`, exact: true });
  await expect(orderRow).toContainText('Completed');
  await expect(counter(customer, 'Completed')).toContainText('1');
  await expect(counter(customer, 'In Progress')).toContainText('0');

  // An admin deletes a paid item of another order: the agency's wallet gets its price back.
  const second = await paidOrder(request, agencyAuth.token, ['Refund me', 'Keep me']);
  const before = (await api<{ balance: number }>(request, agencyAuth.token, 'GET', `/api/billing/getAvailableBalance/${agencyId}`)).balance;
  await admin.goto(`/items/${second.orderId}`);
  await admin.getByRole('button', { name: `Delete item ${second.itemIds[0]}` }).click();
  const confirm = admin.getByRole('dialog', { name: /^Delete item/ });
  await expect(confirm).toContainText('refunded');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(admin.getByText(contentMessages.refunded('$28.00'))).toBeVisible();

  await customer.goto('/billing');
  const balance = customer.getByRole('banner').getByRole('link', { name: /^Available balance/ });
  await expect(balance).toHaveAccessibleName(`Available balance $${(before + 28).toFixed(2)}`);
  await expect(customer.getByRole('table')).toContainText(`Refund: item #${second.itemIds[0]} of order #${second.orderId}`);
  await expect(customer.getByRole('table')).toContainText('+$28.00');
});
