import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { billingMessages, listScreenMessages, messages, offerMessages } from '@copydesk/shared';
import { apiLogin, demo, registerVerifiedAgency, signInAs } from '../harness/accounts';
import { latestMail, linkIn } from '../harness/mailbox';
import { expectAccessible, newPage } from '../harness/screens';

/**
 * Between screens, when the wallet is short: an associate's Notify Agency names the order, and the
 * agency pays it from the emailed link; Add Balance? on the payment page tops the wallet up over the
 * order, which stays open; the admin's dashboard opens the fulfilment queue filtered.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const blogPost = (title: string) => ({
  orderType: 'Blog Post',
  wordCount: { word: '500 Words' },
  category: 'Technology',
  articleTitle: title,
  project_name: 'E2E wallet',
  about_company: 'We build city bikes.',
  target_audience: 'Commuters',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
});

/** An unpaid order of `items` Blog Posts of 500 words ($28.00 each). */
async function placeOrder(request: APIRequestContext, token: string, items: number, title: string): Promise<number> {
  const created = await request.post('/api/order/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { articlesData: Array.from({ length: items }, (_, i) => blogPost(`${title} ${i + 1}`)) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { order: { id: number } }).order.id;
}

/** The admin credits the agency's wallet. */
async function credit(request: APIRequestContext, agencyId: number, dollars: number): Promise<void> {
  const admin = await apiLogin(request, demo.admin.email, demo.admin.password);
  const res = await request.post('/api/billing/addBalance', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { paymentInfo: { balanceByAdmin: true, agency: agencyId, balance: dollars, description: 'E2E opening credit' } },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test('an associate short of balance notifies its agency from the payment page, and the agency pays from the emailed link', async ({
  browser,
  page,
  request,
}) => {
  test.slow();
  // A new agency holding $20.00, and its associate.
  const agency = await registerVerifiedAgency(request, 'notify-agency');
  const agencyAuth = await apiLogin(request, agency.email, agency.password);
  await credit(request, agencyAuth.user.id, 20);
  const associate = { name: 'Nico Notifier', email: `notify-associate-${unique()}@example.com`, password: `Associate-secret-${unique()}` };
  const added = await request.post('/api/register', {
    headers: { authorization: `Bearer ${agencyAuth.token}` },
    data: { sign: { name: associate.name, email: associate.email } },
  });
  expect(added.status(), await added.text()).toBe(201);
  const invite = new URL(linkIn(await latestMail(request, associate.email, /Set your Copydesk password/), /^\/setpassword\//));
  const chosen = await request.post('/api/password/set', {
    data: { email: associate.email, password: associate.password, password_confirmation: associate.password, token: invite.pathname.split('/').pop() },
  });
  expect(chosen.ok(), await chosen.text()).toBe(true);

  // The associate's order of two items: $56.00, $36.00 more than the wallet holds.
  const associateAuth = await signInAs(page, request, associate.email, associate.password);
  const orderId = await placeOrder(request, associateAuth.token, 2, 'Short of funds');
  await page.goto(`/payment/${orderId}`);
  await expect(page.getByText(`Order #${orderId}`)).toBeVisible();
  await expect(page.getByText(messages.balanceNotEnough)).toBeVisible();
  const notified = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/notifyAgency');
  await page.getByRole('button', { name: 'Notify Agency' }).click();
  expect(new URL((await notified).url()).searchParams.get('order_id')).toBe(String(orderId));
  await expect(page.getByText(offerMessages.agencyNotified)).toBeVisible();

  // The agency's email names the order, its total and the shortfall, and carries the pay link.
  const mail = await latestMail(request, agency.email, new RegExp(`needs more balance to pay order #${orderId}$`));
  expect(mail.subject).toBe(`${associate.name} needs more balance to pay order #${orderId}`);
  expect(mail.text).toContain(`${associate.name} (${associate.email}) needs more balance to pay order #${orderId} of $56.00.`);
  expect(mail.text).toContain('Your available balance is $20.00, $36.00 short of this order.');
  const link = new URL(linkIn(mail, /^\/login$/));
  expect(link.searchParams.get('order_id')).toBe(String(orderId));
  expect(link.searchParams.get('token')).toBeTruthy();

  // Opened in a browser nobody is signed in to, it lands on that order's payment page.
  const agencyPage = await (await browser.newContext()).newPage();
  await agencyPage.goto(link.pathname + link.search);
  await expect(agencyPage).toHaveURL(new RegExp(`/payment/${orderId}$`), { timeout: 15_000 });
  await expect(agencyPage.getByText(`Order #${orderId}`)).toBeVisible();
  await expect(agencyPage.getByRole('button', { name: 'Pay $56.00' })).toBeVisible();
  await agencyPage.context().close();
});

test('Add Balance? on the payment page tops the wallet up in its dialog and stays on the order, which the wallet then pays', async ({ browser, request }) => {
  test.slow();
  const page = await newPage(browser);
  const agency = await registerVerifiedAgency(request, 'topup-on-payment');
  const auth = await signInAs(page, request, agency.email, agency.password);
  // A card saved by an earlier top-up of $5.00.
  const earlier = await request.post('/api/billing/addBalance', {
    headers: { authorization: `Bearer ${auth.token}`, 'idempotency-key': `e2e-${unique()}` },
    data: {
      paymentInfo: {
        balance: 5,
        nameOnCard: 'Ada Lovelace',
        cardNumber: '4242 4242 4242 4242',
        cardCvc: '123',
        month: '04',
        year: String(new Date().getUTCFullYear() + 2),
        address: '500 Market Street',
        country: 'United States',
        state: 'California',
        city: 'San Francisco',
        zipCode: '94105',
        saveCard: true,
      },
    },
  });
  expect(earlier.ok(), await earlier.text()).toBe(true);
  const orderId = await placeOrder(request, auth.token, 1, 'Topped up here');

  await page.goto(`/payment/${orderId}`);
  await expect(page.getByText(`Order #${orderId}`)).toBeVisible();
  await page.getByRole('tab', { name: 'Wallet' }).click();
  const wallet = page.getByRole('checkbox', { name: 'Pay with your Available Balance' });
  await expect(wallet).toBeDisabled();
  await expect(page.getByText(messages.balanceNotEnough)).toBeVisible();

  await page.getByRole('button', { name: 'Add Balance?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/payment/${orderId}$`));
  await expectAccessible(page, 'payment page, Add Balance dialog', {
    screenshot: process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/payment-add-balance` : undefined,
  });
  await dialog.getByLabel('Amount').fill('50');
  // The saved card is chosen for the user.
  await expect(dialog.getByRole('tab', { name: 'Saved Card' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('button', { name: 'Add Balance' }).click();
  await expect(page.getByText(billingMessages.balanceAdded)).toBeVisible();
  await expect(dialog).toBeHidden();

  // Back on the same order, with the new balance: $55.00 covers its $28.00.
  await expect(page).toHaveURL(new RegExp(`/payment/${orderId}$`));
  await expect(page.getByRole('banner').getByRole('link', { name: /^Available balance/ })).toHaveAccessibleName('Available balance $55.00');
  await expect(wallet).toBeEnabled();
  await expect(page.getByText(messages.balanceNotEnough)).toBeHidden();
  await wallet.check();
  await page.getByRole('checkbox', { name: /I accept the/ }).check();
  await page.getByRole('button', { name: 'Pay $28.00' }).click();
  await expect(page.getByRole('dialog', { name: 'Order Confirmed' })).toBeVisible();
  await page.context().close();
});

/** Clicks `link` and answers the status the fulfilment queue then asks the server for. */
async function queueStatusAfter(page: Page, click: () => Promise<void>): Promise<string | null> {
  const asked = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/fulfilment');
  await click();
  return new URL((await asked).url()).searchParams.get('status');
}

test('the admin dashboard lists the unassigned items and opens the fulfilment queue filtered from its cards', async ({ browser, request }) => {
  test.slow();
  // A paid order: its item waits for a writer.
  const agency = await registerVerifiedAgency(request, 'unassigned');
  const agencyAuth = await apiLogin(request, agency.email, agency.password);
  await credit(request, agencyAuth.user.id, 100);
  const orderId = await placeOrder(request, agencyAuth.token, 1, 'Waiting for a writer');
  const paid = await request.post('/api/order/pay', {
    headers: { authorization: `Bearer ${agencyAuth.token}` },
    data: { paymentInfo: { payment_type: 'Balance', order_id: orderId, termsAccepted: true } },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await signInAs(page, request, demo.admin.email, demo.admin.password);
  await page.goto('/dashboard');
  const unassigned = page.getByRole('region', { name: /^Unassigned items \(\d+\)$/ });
  await expect(unassigned).toBeVisible();
  const first = unassigned.getByRole('listitem').first().getByRole('link');
  await expect(first).toBeVisible();
  await expectAccessible(page, 'admin dashboard', { screenshot: process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/admin-dashboard` : undefined });

  // Overdue Items: the queue with the overdue filter; whatever it lists is overdue.
  expect(await queueStatusAfter(page, () => page.getByRole('link', { name: /^Overdue Items/ }).click())).toBe('overdue');
  await expect(page).toHaveURL(/\/fulfilment\?status=overdue$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Overdue (open, past due)');
  await expect(page.getByText(/^Showing \d+ to \d+ of \d+ entries$/)).toBeVisible();
  const overdueRows = await page.getByRole('row', { name: /^Item \d+$/ }).all();
  if (!overdueRows.length) await expect(page.getByText(listScreenMessages.fulfilmentNone)).toBeVisible();
  for (const row of overdueRows) await expect(row).toContainText('Overdue');
  await expectAccessible(page, 'fulfilment queue, overdue', { screenshot: process.env.E2E_SHOTS ? `${process.env.E2E_SHOTS}/fulfilment-overdue` : undefined });

  // Open Items: the queue's open filter.
  await page.goBack();
  expect(await queueStatusAfter(page, () => page.getByRole('link', { name: /^Open Items/ }).click())).toBe('open');
  await expect(page).toHaveURL(/\/fulfilment\?status=open$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Open (not approved)');

  // An unassigned item opens the queue at that item, ready to take.
  await page.goBack();
  const href = (await first.getAttribute('href'))!;
  const itemId = Number(new URL(href, page.url()).searchParams.get('search'));
  expect(await queueStatusAfter(page, () => first.click())).toBe('Unassigned');
  await expect(page).toHaveURL(new RegExp(`/fulfilment\\?status=Unassigned&search=${itemId}$`));
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Unassigned');
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(String(itemId));
  await expect(page.getByRole('button', { name: `Take item ${itemId}` })).toBeVisible();

  // And all of them, from the list's link; the new paid item is among them.
  await page.goBack();
  expect(await queueStatusAfter(page, () => unassigned.getByRole('link', { name: /in the queue$/ }).click())).toBe('Unassigned');
  await expect(page).toHaveURL(/\/fulfilment\?status=Unassigned$/);
  await page.getByRole('textbox', { name: 'Search' }).fill(String(orderId));
  await expect(page.getByRole('link', { name: 'Waiting for a writer 1' })).toBeVisible();
  await page.context().close();
});
