import { expect, test, type APIRequestContext } from '@playwright/test';
import { messages } from '@copydesk/shared';
import { demo, registerVerifiedAgency, signIn } from '../harness/accounts';
import { expectAccessible, newPage } from '../harness/screens';

/**
 * Coupon administration across screens (docs/decisions/0009-coupons.md): an admin creates a coupon,
 * edits it; an agency uses it at payment; the admin finds the redemption in the used history,
 * deletes the coupon, and the agency can no longer apply it.
 */

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** An agency with $100 in its wallet (added by the admin) and one unpaid $28.00 order. */
async function agencyWithOrder(request: APIRequestContext) {
  const agency = await registerVerifiedAgency(request, 'coupon');
  const login = await request.post('/api/login', { data: { email: agency.email, password: agency.password } });
  const session = (await login.json()) as { token: string; user: { id: number } };
  const admin = (await (await request.post('/api/login', { data: { email: demo.admin.email, password: demo.admin.password } })).json()) as { token: string };
  const topUp = await request.post('/api/billing/addBalance', {
    headers: auth(admin.token),
    data: { paymentInfo: { balanceByAdmin: true, agency: session.user.id, balance: 100, description: 'Coupon test credit' } },
  });
  expect(topUp.ok(), await topUp.text()).toBe(true);
  const item = {
    orderType: 'Blog Post',
    wordCount: { word: '500 Words' },
    category: 'Technology',
    articleTitle: 'Coupons in practice',
    project_name: 'E2E coupons',
    about_company: 'We build city bikes.',
    target_audience: 'Commuters',
    purpose: 'Informative',
    writing_tone: 'Casual',
    publish_medium: 'Own Website',
  };
  const created = await request.post('/api/order/create', { headers: auth(session.token), data: { articlesData: [item] } });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId = ((await created.json()) as { order: { id: number } }).order.id;
  return { agency, session, orderId };
}

test('an admin creates and edits a coupon, an agency pays with it, and the admin sees it used, then deletes it', async ({ browser, request }) => {
  test.slow();
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const { agency, session, orderId } = await agencyWithOrder(request);

  // Create.
  const admin = await newPage(browser);
  await signIn(admin, demo.admin.email, demo.admin.password);
  const nav = admin.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Coupons' }).click();
  await nav.getByRole('link', { name: 'Add Coupon' }).click();
  await expect(admin).toHaveURL(/\/add-coupon$/);
  const form = admin.getByRole('form', { name: 'Add coupon' });
  // Spaces never reach the code.
  await form.getByLabel('Coupon code').pressSequentially(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(form.getByLabel('Coupon code')).toHaveValue(code);
  await form.getByRole('combobox', { name: 'Type' }).click();
  await admin.getByRole('option', { name: 'Fixed amount ($)' }).click();
  await form.getByLabel('Amount').fill('5');
  const nextYear = `${new Date().getUTCFullYear() + 1}-12-31`;
  await form.getByLabel('Expiry date').fill(nextYear);
  await form.getByLabel('Usage limit').fill('3');
  await expectAccessible(admin, 'Add coupon');
  await form.getByRole('button', { name: 'Add Coupon' }).click();
  await expect(admin.getByText(messages.couponCreated)).toBeVisible();
  await expect(admin).toHaveURL(/\/coupon$/);
  const row = admin.getByRole('row', { name: `Coupon ${code}` });
  await expect(row).toContainText('$5.00');
  await expect(row).toContainText('Active');

  // Edit: the code is fixed, the amount changes.
  await row.getByRole('link', { name: `Edit coupon ${code}` }).click();
  await expect(admin).toHaveURL(/\/edit-coupon\/\d+$/);
  const edit = admin.getByRole('form', { name: 'Edit coupon' });
  await expect(edit.getByLabel('Coupon code')).toBeDisabled();
  await expect(edit.getByLabel('Amount')).toHaveValue('5');
  await edit.getByLabel('Amount').fill('7.5');
  await edit.getByRole('button', { name: 'Update Coupon' }).click();
  await expect(admin.getByText(messages.couponUpdated)).toBeVisible();
  await expect(admin.getByRole('row', { name: `Coupon ${code}` })).toContainText('$7.50');
  await expectAccessible(admin, 'Coupon list');

  // The agency applies it at payment and pays $20.50 from its wallet.
  const customer = await newPage(browser);
  await customer.goto('/login');
  await customer.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('userId', JSON.stringify(a));
  }, session);
  await customer.goto(`/payment/${orderId}`);
  await customer.getByLabel('Coupon Code').fill(code);
  await customer.getByRole('button', { name: 'Apply Coupon' }).click();
  await expect(customer.getByText(`Coupon ${code} applied.`)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Pay $20.50' })).toBeVisible();
  await customer.getByLabel('Pay with your Available Balance').check();
  await customer.getByLabel(/I accept the/).check();
  await customer.getByRole('button', { name: 'Pay $20.50' }).click();
  await expect(customer.getByRole('dialog', { name: 'Order Confirmed' })).toBeVisible();

  // The admin sees the redemption in the used history, and the count on the list.
  await nav.getByRole('link', { name: 'Used History' }).click();
  await expect(admin).toHaveURL(/\/coupon-history$/);
  const used = admin.getByRole('row').filter({ hasText: code });
  await expect(used).toContainText(agency.name);
  await expect(used.getByRole('link', { name: String(orderId) })).toHaveAttribute('href', `/items/${orderId}`);
  await expectAccessible(admin, 'Coupon history');
  await nav.getByRole('link', { name: 'Coupon List' }).click();
  await expect(admin.getByRole('row', { name: `Coupon ${code}` })).toContainText('1 / 3');

  // Delete, after the confirmation the spec words.
  await admin
    .getByRole('row', { name: `Coupon ${code}` })
    .getByRole('button', { name: `Delete coupon ${code}` })
    .click();
  const confirm = admin.getByRole('dialog');
  await expect(confirm).toContainText(messages.confirmDelete);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(admin.getByRole('row', { name: `Coupon ${code}` })).toHaveCount(0);
  // The redemption stays in the history; the code no longer applies.
  await nav.getByRole('link', { name: 'Used History' }).click();
  await expect(admin.getByRole('row').filter({ hasText: code })).toHaveCount(1);
  const again = await request.get(`/api/apply-coupon/${code}`, { headers: auth(session.token) });
  expect(again.status()).toBe(422);
});
