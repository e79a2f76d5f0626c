import { expect, test, type Page } from '@playwright/test';
import { demo, signIn } from '../harness/accounts';

/**
 * A cheap accessibility and health smoke without extra dependencies: each screen loads without
 * script errors or Content-Security-Policy violations, declares its language, and every visible
 * form control has an accessible name.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = Array.from(document.querySelectorAll<HTMLElement>('input, select, textarea, button'));
    return controls
      .filter((el) => (el as HTMLInputElement).type !== 'hidden' && el.getClientRects().length > 0)
      .filter((el) => {
        const labelled =
          (el as HTMLInputElement).labels?.length ||
          el.getAttribute('aria-label')?.trim() ||
          el.getAttribute('aria-labelledby') ||
          el.getAttribute('title')?.trim();
        const ownText = el.tagName === 'BUTTON' && el.textContent?.trim();
        return !labelled && !ownText;
      })
      .map((el) => el.outerHTML.slice(0, 160));
  });
}

async function expectHealthyScreen(page: Page, errors: string[], path: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await page.getAttribute('html', 'lang'), `${path} declares its language`).toBeTruthy();
  expect(await unnamedControls(page), `${path} has unnamed form controls`).toEqual([]);
  expect(errors, `${path} logged errors`).toEqual([]);
}

for (const path of ['/login', '/signup']) {
  test(`${path} loads cleanly and names every control`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(path);
    await expectHealthyScreen(page, errors, path);
  });
}

test('the dashboard and my account load cleanly and name every control', async ({ page }) => {
  const errors = collectErrors(page);
  await signIn(page, demo.agency.email, demo.agency.password);
  await expectHealthyScreen(page, errors, '/dashboard');
  await page.goto('/my-account');
  await expect(page).toHaveURL(/\/my-account$/);
  await expectHealthyScreen(page, errors, '/my-account');
});
