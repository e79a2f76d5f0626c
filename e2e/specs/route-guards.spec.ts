import { expect, test, type Browser, type Page } from '@playwright/test';
import { demo, signIn } from '../harness/accounts';

async function expectRedirect(page: Page, from: string, to: string): Promise<void> {
  await page.goto(from);
  await expect(page, `${from} should end on ${to}`).toHaveURL(new RegExp(`${to}$`));
}

/**
 * The control of a refusal: the same paths open, on their own screen, for a role that may see them.
 * Without it a refused path could be one no route matches, sent to /dashboard by the catch-all.
 */
async function expectOpenFor(browser: Browser, who: { email: string; password: string }, paths: { path: string; heading: string | RegExp }[]) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, who.email, who.password);
    for (const { path, heading } of paths) {
      await page.goto(path);
      await expect(page, `${path} stays open`).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  } finally {
    await context.close();
  }
}

test('a visitor opening a signed-in page is sent to /login, carrying the page to return to', async ({ page }) => {
  await expectRedirect(page, '/dashboard', '/login');
  await expectRedirect(page, '/my-account', '/login\\?next=%2Fmy-account');
});

test('a signed-in agency is kept off visitor pages and unknown paths, and admin screens', async ({ page, browser }) => {
  await signIn(page, demo.agency.email, demo.agency.password);
  await expectRedirect(page, '/login', '/dashboard');
  await expectRedirect(page, '/signup', '/dashboard');
  await expectRedirect(page, '/no-such-page/at-all', '/dashboard');
  await expectRedirect(page, '/coupon', '/dashboard');
  await expectRedirect(page, '/edit-coupon/3', '/dashboard');
  // Control: a page the agency may open stays open, and the admin screens exist for an admin.
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/my-account$/);
  await expectOpenFor(browser, demo.admin, [{ path: '/coupon', heading: /coupon/i }]);
});

test('an admin cannot open an order editor', async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await expectRedirect(page, '/create/42', '/dashboard');
});

test('an associate cannot open user management or the coupon screens', async ({ page, browser }) => {
  await signIn(page, demo.associate.email, demo.associate.password);
  await expectRedirect(page, '/management', '/dashboard');
  await expectRedirect(page, '/coupon-history', '/dashboard');
  await expectOpenFor(browser, demo.agency, [{ path: '/management', heading: /user management/i }]);
  await expectOpenFor(browser, demo.admin, [{ path: '/coupon-history', heading: /coupon/i }]);
});
