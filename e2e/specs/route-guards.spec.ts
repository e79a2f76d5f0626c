import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from '../harness/accounts';

async function expectRedirect(page: Page, from: string, to: string): Promise<void> {
  await page.goto(from);
  await expect(page, `${from} should end on ${to}`).toHaveURL(new RegExp(`${to}$`));
}

test('a visitor opening a signed-in page is sent to /login', async ({ page }) => {
  await expectRedirect(page, '/dashboard', '/login');
  await expectRedirect(page, '/my-account', '/login');
});

test('a signed-in agency is kept off visitor pages and unknown paths, and admin screens', async ({ page }) => {
  await signIn(page, demo.agency.email, demo.agency.password);
  await expectRedirect(page, '/login', '/dashboard');
  await expectRedirect(page, '/signup', '/dashboard');
  await expectRedirect(page, '/no-such-page/at-all', '/dashboard');
  await expectRedirect(page, '/coupon', '/dashboard');
  await expectRedirect(page, '/edit-coupon/3', '/dashboard');
  // Control: a page the agency may open stays open, so the redirects above are the guard's doing.
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/my-account$/);
});

test('an admin cannot open an order editor', async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await expectRedirect(page, '/create/42', '/dashboard');
});

test('an associate cannot open user management or the coupon screens', async ({ page }) => {
  await signIn(page, demo.associate.email, demo.associate.password);
  await expectRedirect(page, '/management', '/dashboard');
  await expectRedirect(page, '/coupon-history', '/dashboard');
});
