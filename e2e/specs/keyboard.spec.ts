import { expect, test, type Locator, type Page } from '@playwright/test';
import { demo, registerVerifiedAgency } from '../harness/accounts';

/**
 * A keyboard-only run (no mouse, no fill, no click): a new agency signs in, closes the welcome
 * guide, places an order through the form (every select picked with Enter, Space and the arrows as
 * the WAI-ARIA combobox pattern says), pays it from the wallet and views it. At each step focus
 * lands where the next action starts: the new page's heading, never <body>.
 */

/**
 * Where focus is after a key press, if a sighted keyboard user could not see it: outside the
 * viewport, invisible (a closed drawer), or under the order form's bar fixed to the bottom (the
 * first 40 px of it: a one-line field whole, the caret's line of a textarea).
 */
function hiddenFocus(): string | null {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const box = el.getBoundingClientRect();
  const name = `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40) ?? ''}`;
  if (!el.checkVisibility({ visibilityProperty: true }) || box.bottom <= 0 || box.top >= window.innerHeight) return `${name} is out of sight`;
  const bar = document.querySelector('[role="region"][aria-label="Order summary"]');
  // WCAG 2.4.11: never entirely hidden. (Fields clear the bar whole, by scroll-padding; of a tall
  // textarea the browser brings only the caret's line into view, so its foot may tuck under it.)
  if (bar && !bar.contains(el) && Math.min(box.bottom, box.top + 40) > bar.getBoundingClientRect().top) return `${name} is under the order bar`;
  return null;
}

/** Presses Tab until `target` has focus; fails when it is not reachable within `max` presses or a stop on the way is hidden. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
    expect(await page.evaluate(hiddenFocus), 'every Tab stop is in sight').toBeNull();
  }
  await expect(target, 'reachable with Tab').toBeFocused();
}

/** The option a combobox highlights for assistive technology (aria-activedescendant). */
async function highlighted(page: Page, combobox: Locator): Promise<string> {
  const id = await combobox.getAttribute('aria-activedescendant');
  return id ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '').trim() : '';
}

/**
 * Picks `option` of the focused select-only combobox: Enter opens it on the current option, the arrows
 * move, `key` (Enter or Space) takes the option and closes the list.
 */
async function pick(page: Page, combobox: Locator, option: string, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await expect(combobox).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => highlighted(page, combobox), 'the list opens with an option highlighted').not.toBe('');
  for (let i = 0; i < 40 && (await highlighted(page, combobox)) !== option; i++) await page.keyboard.press('ArrowDown');
  expect(await highlighted(page, combobox)).toBe(option);
  await page.keyboard.press(key);
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await expect(combobox).toHaveValue(option);
  await expect(combobox).toBeFocused();
}

const mainHeading = (page: Page) => page.locator('main h1');

// A phone: the sidebar is a closed drawer, and the order form's bar covers the bottom of a short screen.
test.use({ viewport: { width: 390, height: 740 } });

test('keyboard only: sign in, place an order, pay from the wallet, view the order', async ({ page, request }) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'keyboard');
  // Money for the wallet payment, from the admin. The agency does not sign in before the test does
  // (its first sign-in shows the welcome guide), so the admin finds its id in the agency list.
  const admin = (await (await request.post('/api/login', { data: { email: demo.admin.email, password: demo.admin.password } })).json()) as { token: string };
  const headers = { Authorization: `Bearer ${admin.token}` };
  const agencies = (await (await request.get('/api/user/getuserbyrole/agency', { headers })).json()) as { data: { id: number; email: string }[] };
  const agencyId = agencies.data.find((a) => a.email === agency.email)!.id;
  const credit = await request.post('/api/billing/addBalance', {
    headers,
    data: { paymentInfo: { balanceByAdmin: true, agency: agencyId, balance: 200, description: 'Keyboard test credit' } },
  });
  expect(credit.ok(), await credit.text()).toBe(true);

  // Sign in.
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In · Copydesk');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(agency.email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password', exact: true }));
  await page.keyboard.type(agency.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard · Copydesk');
  await expect(mainHeading(page)).toBeFocused();

  // The welcome guide of a first sign-in takes focus; closing it gives focus back to the page.
  const guide = page.getByRole('dialog', { name: 'Getting started' });
  await expect(guide).toBeVisible();
  await expect.poll(() => guide.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();
  await expect(mainHeading(page)).toBeFocused();

  // To the order form; its first-order guide opens, and closes the same way.
  await tabTo(page, page.getByRole('link', { name: 'Place an Order' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/create$/);
  await expect(page).toHaveTitle('Place an Order · Copydesk');
  const orderGuide = page.getByRole('dialog', { name: 'Your first order' });
  await expect(orderGuide).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(orderGuide).toBeHidden();
  await expect(mainHeading(page)).toBeFocused();
  await expect(mainHeading(page)).toHaveText('Place your Order');

  // Choosing a type opens the brief at its heading.
  await tabTo(page, page.getByRole('button', { name: 'Select Blog Post' }));
  await page.keyboard.press('Enter');
  await expect(mainHeading(page)).toHaveText('Order Brief');
  await expect(mainHeading(page)).toBeFocused();

  const first = page.getByRole('region', { name: /^Item 1:/ });
  const field = (name: string) => first.getByRole('textbox', { name, exact: true });
  const select = (name: string) => first.getByRole('combobox', { name, exact: true });

  await tabTo(page, select('Word Count'));
  await pick(page, select('Word Count'), '500 Words — $28.00');
  await tabTo(page, select('Project Name'));
  await page.keyboard.type('Keyboard launch');
  await page.keyboard.press('Escape');
  // Category is searchable: type to filter, arrow to the match, Enter.
  await tabTo(page, select('Category'));
  await page.keyboard.type('Techno');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => highlighted(page, select('Category'))).toBe('Technology');
  await page.keyboard.press('Enter');
  await expect(select('Category')).toHaveValue('Technology');
  await tabTo(page, field('About Company'));
  await page.keyboard.type('We build city bikes.');
  await tabTo(page, field('Target Audience'));
  await page.keyboard.type('Commuters');
  await tabTo(page, field('Title'));
  await page.keyboard.type('Riding through winter');
  await tabTo(page, select('Purpose'));
  await pick(page, select('Purpose'), 'Informative', 'Space');
  await tabTo(page, select('Writing Tone'));
  await pick(page, select('Writing Tone'), 'Casual');
  await tabTo(page, select('Publish Medium'));
  await pick(page, select('Publish Medium'), 'Own Website', 'Space');
  await expect(page.getByTestId('order-total')).toHaveText('$28.00');

  // Next, in the bar fixed to the bottom of the screen; the focused control is never under it.
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await tabTo(page, next, 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment\/\d+$/);
  const orderId = new URL(page.url()).pathname.split('/').pop();
  await expect(page).toHaveTitle(`Payment for Order ${orderId} · Copydesk`);
  await expect(mainHeading(page)).toBeFocused();

  // Pay from the wallet: the Wallet tab (arrows move between tabs), its checkbox, the terms, Pay.
  const walletTab = page.getByRole('tab', { name: 'Wallet' });
  await tabTo(page, page.getByRole('tab', { selected: true }));
  for (let i = 0; i < 3 && (await walletTab.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowLeft');
  await expect(walletTab).toHaveAttribute('aria-selected', 'true');
  const wallet = page.getByRole('checkbox', { name: 'Pay with your Available Balance' });
  await tabTo(page, wallet);
  if (!(await wallet.isChecked())) await page.keyboard.press('Space');
  await expect(wallet).toBeChecked();
  const terms = page.getByRole('checkbox', { name: /terms/i });
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');

  // The confirmation takes focus; View Order opens the order at its heading.
  const confirmation = page.getByRole('dialog');
  await expect(confirmation).toBeVisible();
  await expect.poll(() => confirmation.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await tabTo(page, confirmation.getByRole('button', { name: 'View Order' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/items/${orderId}$`));
  await expect(page).toHaveTitle(`Order ${orderId} · Copydesk`);
  await expect(mainHeading(page)).toBeFocused();
});
