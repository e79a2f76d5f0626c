import { expect, test, type APIRequestContext } from '@playwright/test';
import { messages, orderMessages } from '@copydesk/shared';
import { demo, registerVerifiedAgency, signIn } from '../harness/accounts';
import { expectAccessible } from '../harness/screens';

/**
 * An agency throws away unpaid orders from the orders list (docs/decisions/0034-customers-delete-unpaid-orders.md):
 * one with Delete and a confirmation, two ticked and deleted together; a paid order offers neither.
 */

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<{ status: number; body: T }> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status(), body: (await res.json()) as T };
}

/** A bearer token of the account, for setting up and checking through the API. */
async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { token: string }).token;
}

const item = (title: string) => ({
  orderType: 'Blog Post',
  wordCount: { word: '500 Words' },
  category: 'Technology',
  articleTitle: title,
  project_name: 'Delete test',
  about_company: 'We build city bikes.',
  target_audience: 'Commuters',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
});

test('an agency deletes an unpaid order after confirming, then two selected together; a paid order offers no Delete', async ({ page, request }, testInfo) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'deleter');
  await signIn(page, agency.email, agency.password);
  const token = await apiToken(request, agency.email, agency.password);

  const place = async (title: string) => {
    const res = await api<{ order: { id: number } }>(request, token, 'POST', '/api/order/create', { articlesData: [item(title)] });
    expect(res.status).toBe(200);
    return res.body.order.id;
  };
  const paid = await place('Paid piece');
  const [single, firstOfTwo, secondOfTwo] = [await place('Duplicate one'), await place('Duplicate two'), await place('Duplicate three')];

  // Pay one order from the wallet, credited by the admin.
  const adminToken = await apiToken(request, demo.admin.email, demo.admin.password);
  const me = await api<{ user: { id: number } }>(request, token, 'GET', '/api/getInfo');
  const credit = await api(request, adminToken, 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: me.body.user.id, balance: 100, description: 'E2E credit' },
  });
  expect(credit.status).toBe(200);
  expect((await api(request, token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: paid } })).status).toBe(
    200,
  );

  await page.goto('/order');
  const table = page.getByRole('table', { name: 'Orders' });
  for (const id of [paid, single, firstOfTwo, secondOfTwo]) await expect(table.getByRole('row', { name: `Order ${id}` })).toBeVisible();
  // The paid order is not the customer's to delete: no Delete, no checkbox.
  await expect(page.getByRole('button', { name: `Delete order ${paid}` })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Select order ${paid}` })).toHaveCount(0);

  // One order: Delete, a confirmation that says what it means, then it is gone.
  await page.getByRole('button', { name: `Delete order ${single}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete order ${single}` });
  await expect(dialog).toContainText(messages.confirmDelete);
  await expect(dialog).toContainText(orderMessages.confirmDeleteUnpaid);
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(messages.success).first()).toBeVisible();
  await expect(table.getByRole('row', { name: `Order ${single}` })).toHaveCount(0);
  expect((await api(request, token, 'GET', `/api/order/getById/${single}`)).status).toBe(404);

  // Two ticked, deleted together after one confirmation.
  await page.getByRole('checkbox', { name: `Select order ${firstOfTwo}` }).check();
  await page.getByRole('checkbox', { name: `Select order ${secondOfTwo}` }).check();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByText('2 selected')).toBeVisible();
  await expectAccessible(page, 'orders list with two unpaid orders selected', { screenshot: testInfo.outputPath('orders-selected') });
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const bulk = page.getByRole('dialog', { name: 'Delete 2 orders' });
  await expect(bulk).toContainText(orderMessages.confirmDeleteSelected(2));
  await expectAccessible(page, 'confirmation of deleting two orders', { screenshot: testInfo.outputPath('orders-confirm') });
  await bulk.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText(orderMessages.ordersDeleted(2))).toBeVisible();
  for (const id of [firstOfTwo, secondOfTwo]) {
    await expect(table.getByRole('row', { name: `Order ${id}` })).toHaveCount(0);
    expect((await api(request, token, 'GET', `/api/order/getById/${id}`)).status).toBe(404);
  }
  // The paid order stays, and no unpaid order is left to select.
  await expect(table.getByRole('row', { name: `Order ${paid}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete selected' })).toHaveCount(0);
});

test('an admin corrects the whole brief of an unpaid item, and the price follows its new type', async ({ page, request }, testInfo) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'brief');
  const token = await apiToken(request, agency.email, agency.password);
  const placed = await api<{ order: { id: number } }>(request, token, 'POST', '/api/order/create', {
    articlesData: [item('First brief'), item('Second brief')],
  });
  expect(placed.status).toBe(200);
  const orderId = placed.body.order.id;

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto(`/items/${orderId}`);
  const rows = page.getByRole('table', { name: 'Items' }).getByRole('row');
  await expect(rows.filter({ hasText: 'First brief' })).toBeVisible();
  const itemId = (await api<{ content: { id: number }[] }>(request, token, 'GET', `/api/order/getById/${orderId}`)).body.content[0]!.id;

  await page.getByRole('button', { name: `Edit item ${itemId}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit item ${itemId}` });
  await expect(dialog.getByRole('textbox', { name: 'Target Audience' })).toHaveValue('Commuters');
  await expectAccessible(page, 'the admin’s edit of an unpaid item', { screenshot: testInfo.outputPath('edit-item') });

  // Another type: its tiers are chosen again, and the price is the new type's.
  await dialog.getByRole('combobox', { name: 'Order Type' }).click();
  await page.getByRole('option', { name: 'Product Description', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Word Count' }).click();
  await page.getByRole('option', { name: '300 Words — $21.00' }).click();
  await expect(dialog.getByTestId('edit-item-price')).toHaveText('$21.00');
  await dialog.getByRole('textbox', { name: 'Target Audience' }).fill('Cyclists');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const after = (
    await api<{ content: { id: number; order_type: string; word_count: string; target_audience: string; cost: number }[]; total: number }>(
      request,
      token,
      'GET',
      `/api/order/getById/${orderId}`,
    )
  ).body;
  expect(after.content.find((c) => c.id === itemId)).toMatchObject({
    order_type: 'Product Description',
    word_count: '300 Words',
    target_audience: 'Cyclists',
    cost: 21,
  });
  expect(after.total).toBe(21 + 28);
});
