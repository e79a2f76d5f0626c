import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { registerVerifiedAgency, signInAs } from '../harness/accounts';
import { expectAccessible } from '../harness/screens';

/**
 * International billing addresses on every card form and on My Account: a UK county with no city
 * list takes a typed city, a postal code reaches the server as typed (`CA12 5AB`, not `CA125`), and
 * the phone field takes +44 7700 900123 and says a number the server refuses under itself.
 */

/** E2E_SHOTS_DIR=<folder> keeps a screenshot of each form at 1366 and 390 px. */
const shot = (name: string) => (process.env.E2E_SHOTS_DIR ? `${process.env.E2E_SHOTS_DIR}/${name}` : undefined);

/** Opens a select by its label and picks an option, typing first to filter a long list. */
async function choose(scope: Page | Locator, page: Page, label: string, option: string, type = true): Promise<void> {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await expect(input).toBeEnabled();
  await input.click();
  if (type) await input.fill(option);
  // The list's options: the phone field's country select has options of the same names.
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/** Card, then a billing address in Cumbria: no city list there, so City is a text field. */
async function fillUkCard(scope: Locator, page: Page): Promise<void> {
  await scope.getByLabel('Name on Card').fill('Ada Lovelace');
  await scope.getByLabel('Card Number').pressSequentially('4242424242424242');
  await choose(scope, page, 'Month', '12', false);
  await choose(scope, page, 'Year', String(new Date().getFullYear() + 2), false);
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Address').fill('12 High Street');
  await choose(scope, page, 'Country', 'United Kingdom');
  await choose(scope, page, 'State', 'Cumbria');
  const city = scope.getByRole('textbox', { name: 'City' });
  await expect(city).toBeVisible();
  await expect(scope.getByRole('combobox', { name: 'City' })).toHaveCount(0);
  await city.fill('Carlisle');
  await scope.getByRole('textbox', { name: 'Zip Code' }).fill('CA12 5AB');
  await expect(scope.getByRole('textbox', { name: 'Zip Code' })).toHaveValue('CA12 5AB');
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function lastBillingAddress(request: APIRequestContext, token: string, userId: number) {
  const res = await request.get(`/api/user/getsavedcards/${userId}`, { headers: auth(token) });
  return ((await res.json()) as { billing_address: Record<string, string | null> }).billing_address;
}

test('a UK agency tops up by card from a county without a city list, its postal code as typed', async ({ page, request }) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'uk-topup');
  const { token } = await signInAs(page, request, agency.email, agency.password);
  const me = (await (await request.get('/api/getInfo', { headers: auth(token) })).json()) as { user: { id: number } };
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Add Balance' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Balance' });
  await dialog.getByLabel('Amount').fill('40');
  await fillUkCard(dialog, page);

  // A code the server refuses is said under the field once it is left, and follows the typing.
  const zip = dialog.getByRole('textbox', { name: 'Zip Code' });
  await zip.fill('CA12_5AB');
  await dialog.getByLabel('Address').focus();
  await expect(zip).toHaveAccessibleDescription('The zip code may have up to 10 letters, digits, spaces and hyphens.');
  await zip.fill('CA12 5AB');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'Add Balance with a UK address', { screenshot: shot('add-balance-uk') });

  await dialog.getByRole('button', { name: 'Add Balance' }).click();
  await expect(page.getByText('Balance added successfully.')).toBeVisible();
  expect(await lastBillingAddress(request, token, me.user.id)).toMatchObject({
    country_id: 'GB',
    state_id: 'GB-CMA',
    city: 'Carlisle',
    zip_code: 'CA12 5AB',
  });
});

test('the payment page takes a UK card address, and the next card form starts from it', async ({ page, request }) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'uk-pay');
  const { token } = await signInAs(page, request, agency.email, agency.password);
  const item = {
    orderType: 'Blog Post',
    wordCount: { word: '500 Words', price: 0 },
    addOns: { addOn: 'No Add-On', price: 0 },
    category: 'Technology',
    articleTitle: 'Postal codes of the world',
    description: 'A practical list',
    keyword: 'postal;codes',
    project_name: 'Acme blog',
    about_company: 'We make rockets',
    target_audience: 'Engineers',
    purpose: 'Informative',
    writing_tone: 'Casual',
    publish_medium: 'Own Website',
  };
  const created = await request.post('/api/order/create', { headers: auth(token), data: { articlesData: [item] } });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId = ((await created.json()) as { order: { id: number } }).order.id;

  await page.goto(`/payment/${orderId}`);
  await page.getByRole('tab', { name: 'New Card' }).click();
  const panel = page.getByRole('tabpanel');
  await fillUkCard(panel, page);
  await expectAccessible(page, 'Payment page with a UK address', { screenshot: shot('payment-uk') });
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Order Confirmed' })).toBeVisible();

  // The next card form starts from the typed city and the postal code, as typed.
  const second = await request.post('/api/order/create', { headers: auth(token), data: { articlesData: [item] } });
  const secondId = ((await second.json()) as { order: { id: number } }).order.id;
  await page.goto(`/payment/${secondId}`);
  await page.getByRole('tab', { name: 'New Card' }).click();
  await expect(panel.getByRole('textbox', { name: 'City' })).toHaveValue('Carlisle');
  await expect(panel.getByRole('textbox', { name: 'Zip Code' })).toHaveValue('CA12 5AB');
});

test('My Account takes +44 7700 900123 and a UK postal code, and says a refused number under the field', async ({ page, request }) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'uk-account');
  await signInAs(page, request, agency.email, agency.password);
  await page.goto('/my-account');
  const phone = page.getByRole('textbox', { name: 'Phone Number' });
  await page.getByRole('combobox', { name: 'Phone number country' }).selectOption('GB');
  await expect(phone).toHaveValue('+44');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('770090');
  await page.getByLabel('Company Name').focus();
  await expect(phone).toHaveAccessibleDescription('The phone number is not valid.');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('0123');
  await expect(phone).toHaveValue('+44 7700 900123');
  await expect(page.getByText('The phone number is not valid.')).toHaveCount(0);

  await page.getByLabel('Role / Designation').fill('Head of Content');
  await choose(page, page, 'Country', 'United Kingdom');
  await choose(page, page, 'State', 'Cumbria');
  await page.getByRole('textbox', { name: 'City' }).fill('Carlisle');
  await page.getByRole('textbox', { name: 'Zip Code' }).fill('CA12 5AB');
  await expectAccessible(page, 'My Account with a UK address', { screenshot: shot('my-account-uk') });
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Your profile has been updated.')).toBeVisible();

  await page.reload();
  await expect(phone).toHaveValue('+44 7700 900123');
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Carlisle');
  await expect(page.getByRole('textbox', { name: 'Zip Code' })).toHaveValue('CA12 5AB');
});
