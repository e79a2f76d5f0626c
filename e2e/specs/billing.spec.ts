import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demo, registerVerifiedAgency } from '../harness/accounts';

/**
 * Billing and paying in the browser: a top-up by card that saves the card, a
 * declined card, the history with its invoice, the admin's credit, a wallet payment to the
 * confirmation, and the associate's wallet-only payment page. Each test signs in through the API and opens
 * the screen directly, so welcome guides and first-order redirects of the dashboard stay out of it.
 */

async function signInAs(page: Page, request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const auth = (await res.json()) as { token: string; user: unknown };
  await page.goto('/login');
  await page.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('userId', JSON.stringify(a));
  }, auth);
  return auth.token;
}

/** Opens a Mantine Select by its label and picks an option (typing first filters a long list). */
async function choose(scope: Page | Locator, page: Page, label: string, option: string, type = false): Promise<void> {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await expect(input).toBeEnabled();
  await input.click();
  if (type) await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function fillNewCard(scope: Locator, page: Page, number: string): Promise<void> {
  await scope.getByLabel('Name on Card').fill('Ada Lovelace');
  await scope.getByLabel('Card Number').pressSequentially(number.replace(/ /g, ''));
  await expect(scope.getByLabel('Card Number')).toHaveValue(number);
  await choose(scope, page, 'Month', '12');
  await choose(scope, page, 'Year', String(new Date().getFullYear() + 2));
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Address').fill('1 Main Street');
  await choose(scope, page, 'Country', 'United States', true);
  await choose(scope, page, 'State', 'Illinois', true);
  await choose(scope, page, 'City', 'Springfield', true);
  await scope.getByLabel('Zip Code').fill('62701');
}

const topBarBalance = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Available balance/ });

test('an agency tops up $100 with a new card and saves it', async ({ page, request }) => {
  const agency = await registerVerifiedAgency(request, 'topup');
  await signInAs(page, request, agency.email, agency.password);
  await page.goto('/billing');
  await expect(topBarBalance(page)).toHaveAccessibleName('Available balance $0.00');
  await expect(page.getByText('No saved card.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  await dialog.getByLabel('Amount').fill('100');
  await fillNewCard(dialog, page, '4242 4242 4242 4242');
  await dialog.getByLabel('Save this card for future payments').check();
  await dialog.getByRole('button', { name: 'Add Balance' }).click();

  await expect(page.getByText('Balance added successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(topBarBalance(page)).toHaveAccessibleName('Available balance $100.00');
  const yy = String(new Date().getFullYear() + 2).slice(-2);
  await expect(page.getByText(`Card ending in 4242, Expiry 12/${yy}`)).toBeVisible();
  await expect(page.getByText('Recent', { exact: true })).toBeVisible();

  // the top-up is in the history, and its invoice opens
  const table = page.getByRole('table');
  await expect(table.getByText('+$100.00')).toBeVisible();
  await table
    .getByRole('button', { name: /^View invoice/ })
    .first()
    .click();
  const invoice = page.getByRole('dialog', { name: /^Invoice / });
  await expect(invoice.getByText('Description:')).toBeVisible();
  await expect(invoice.getByText('Payment method: Card ending in 4242')).toBeVisible();
  await invoice.getByRole('button', { name: 'Close' }).click();

  // the saved card pays the next top-up without typing a card
  await page.getByRole('button', { name: 'Add Balance' }).click();
  await dialog.getByLabel('Amount').fill('25.50');
  await dialog.getByRole('tab', { name: 'Saved Card' }).click();
  await choose(dialog, page, 'Saved Card', `*** *** **** 4242 | 12/${yy}`);
  await dialog.getByRole('button', { name: 'Add Balance' }).click();
  await expect(topBarBalance(page)).toHaveAccessibleName('Available balance $125.50');
});

test('a declined card says so and adds nothing', async ({ page, request }) => {
  const agency = await registerVerifiedAgency(request, 'declined');
  await signInAs(page, request, agency.email, agency.password);
  await page.goto('/billing');

  await page.getByRole('button', { name: 'Add Balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  await dialog.getByLabel('Amount').fill('40');
  await fillNewCard(dialog, page, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Add Balance' }).click();

  // Said beside the card (and in a toast).
  await expect(dialog.getByRole('alert').getByText('Your card was declined.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(topBarBalance(page)).toHaveAccessibleName('Available balance $0.00');
});

test('the billing screen names every control and logs no errors', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInAs(page, request, demo.agency.email, demo.agency.password);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Monthly Spending' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Balance' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Balance' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const unnamed = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('input, select, textarea, button'))
      .filter((el) => (el as HTMLInputElement).type !== 'hidden' && el.getClientRects().length > 0)
      .filter(
        (el) =>
          !(
            (el as HTMLInputElement).labels?.length ||
            el.getAttribute('aria-label')?.trim() ||
            el.getAttribute('aria-labelledby') ||
            (el.tagName === 'BUTTON' && el.textContent?.trim())
          ),
      )
      .map((el) => el.outerHTML.slice(0, 160)),
  );
  expect(unnamed).toEqual([]);
  expect(errors).toEqual([]);
});

test('an admin credits an agency from the billing screen', async ({ page, request }) => {
  const agency = await registerVerifiedAgency(request, 'credited');
  const token = await signInAs(page, request, demo.admin.email, demo.admin.password);
  // The agency picker's list: the credit below cannot be made without it, so it must answer.
  const list = await request.get('/api/user/getuserbyrole/agency', { headers: { authorization: `Bearer ${token}` } });
  expect(list.status()).toBe(200);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { name: 'Billing History' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Available balance/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add Balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  await choose(dialog, page, 'Agency', `${agency.company} · ${agency.email}`, true);
  await dialog.getByLabel('Amount').fill('75');
  await dialog.getByLabel('Description').fill('Goodwill credit');
  await dialog.getByRole('button', { name: 'Add Balance' }).click();
  await expect(page.getByText(/has been credited/)).toBeVisible();
  await expect(page.getByRole('table').getByText('Goodwill credit').first()).toBeVisible();
});

// Paying an order (/payment/{id})

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const item = {
  orderType: 'Blog Post',
  wordCount: { word: '500 Words', price: 0 },
  addOns: { addOn: 'No Add-On', price: 0 },
  category: 'Technology',
  articleTitle: 'Ten ways to ship faster',
  description: 'A practical list',
  keyword: 'shipping;speed',
  project_name: 'Acme blog',
  about_company: 'We make rockets',
  target_audience: 'Engineers',
  purpose: 'Informative',
  writing_tone: 'Casual',
  publish_medium: 'Own Website',
};

async function createOrder(request: APIRequestContext, token: string): Promise<{ id: number; total: number }> {
  const res = await request.post('/api/order/create', { headers: auth(token), data: { articlesData: [item], total: 0, orderBreakDown: [] } });
  expect(res.ok(), await res.text()).toBe(true);
  const id = ((await res.json()) as { order: { id: number } }).order.id;
  const detail = await request.get(`/api/order/getById/${id}`, { headers: auth(token) });
  return { id, total: ((await detail.json()) as { total: number }).total };
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('an agency pays an order from its wallet and sees the confirmation', async ({ page, request }) => {
  const agency = await registerVerifiedAgency(request, 'wallet-pay');
  const token = await signInAs(page, request, agency.email, agency.password);
  const topUp = await request.post('/api/billing/addBalance', {
    headers: { ...auth(token), 'Idempotency-Key': crypto.randomUUID() },
    data: {
      paymentInfo: {
        balance: 200,
        nameOnCard: 'Ada Lovelace',
        cardNumber: '4242424242424242',
        cardCvc: '123',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        address: '1 Main Street',
        country: 'United States',
        state: 'Illinois',
        city: 'Springfield',
        zipCode: '62701',
      },
    },
  });
  expect(topUp.ok(), await topUp.text()).toBe(true);
  const order = await createOrder(request, token);

  await page.goto(`/payment/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByText(`Order #${order.id}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'New Card' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Pay ${money(order.total)}` })).toBeVisible();

  // The wallet covers the order, so it is chosen already.
  await page.getByRole('tab', { name: 'Wallet' }).click();
  await expect(page.getByLabel('Pay with your Available Balance')).toBeChecked();
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: `Pay ${money(order.total)}` }).click();

  const dialog = page.getByRole('dialog', { name: 'Order Confirmed' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`#${order.id}`)).toBeVisible();
  await expect(dialog.getByText('Wallet', { exact: true })).toBeVisible();
  await expect(dialog.getByText(money(order.total))).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Available balance/ })).toHaveAccessibleName(
    `Available balance ${money(200 - order.total)}`,
  );

  await dialog.getByRole('button', { name: 'View Order' }).click();
  await expect(page).toHaveURL(new RegExp(`/items/${order.id}$`));

  // paid now: the payment page sends the user on
  await page.goto(`/payment/${order.id}?redirect=/billing`);
  await expect(page).toHaveURL(/\/billing$/);
  await expect(page.getByText('This order has already been paid.')).toBeVisible();
});

test('an associate sees only the wallet', async ({ page, request }) => {
  const token = await signInAs(page, request, demo.associate.email, demo.associate.password);
  const order = await createOrder(request, token);

  await page.goto(`/payment/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(1);
  await expect(page.getByRole('tab', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with your Available Balance' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add Balance?' })).toHaveCount(0);
});
