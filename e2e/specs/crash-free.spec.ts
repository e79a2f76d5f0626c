import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { demo, signIn } from '../harness/accounts';
import { expectAccessible, newPage } from '../harness/screens';
import { repoRoot } from '../harness/server';

const SHOTS = process.env.E2E_SCREENS_DIR ?? path.join(repoRoot, 'e2e/test-results/screens');
/** The Orders screen's lazy chunk (apps/web/src/app/routes/order-list.tsx), whatever its hash. */
const ORDER_LIST_CHUNK = /\/assets\/order-list-[\w-]+\.js$/;

/**
 * A screen's code that cannot be loaded (a proxy answering 503, a deploy that renamed it) gives the
 * product's error screen, never React Router's developer page: asked for again once, then the page
 * reloads once to pick up a new build, then the screen says so with Reload and Go to dashboard
 * (apps/web/src/lib/lazy-retry.ts, apps/web/src/components/layouts/route-error.tsx).
 */
test('a screen whose code answers 503 shows the error screen, and Reload recovers once it answers again', async ({ browser }) => {
  test.slow();
  const page = await newPage(browser);
  await signIn(page, demo.agency.email, demo.agency.password);

  const asked: string[] = [];
  // Documents loaded from here on (a screen change within the app loads none).
  let documents = 0;
  page.on('load', () => {
    documents += 1;
  });
  await page.route(ORDER_LIST_CHUNK, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"service.overloaded"}' });
  });

  await page.getByRole('navigation').getByRole('link', { name: 'Orders', exact: true }).click();

  const screen = page.getByRole('heading', { level: 1, name: 'This page could not be shown' });
  await expect(screen).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByText('Part of Copydesk could not be loaded. Check your connection, then reload the page.')).toBeVisible();
  await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  // Asked for, asked again, then the page reloaded once (remembering it in sessionStorage) and asked
  // for it once more and again: no further reload.
  expect(documents).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem('copydesk.reloadedForNewBuild'))).not.toBeNull();
  expect(asked.length).toBeGreaterThanOrEqual(3);
  const askedBeforeCheck = asked.length;
  // Inside the signed-in frame: the sidebar stays.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();

  mkdirSync(SHOTS, { recursive: true });
  await expectAccessible(page, 'the error screen', { screenshot: path.join(SHOTS, 'crash-free-error-screen') });
  expect(asked.length).toBe(askedBeforeCheck);

  // The chunk answers again: Reload brings the screen.
  await page.unroute(ORDER_LIST_CHUNK);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({ timeout: 20_000 });
  await expect(screen).toHaveCount(0);
});

test('a page opened on a screen whose code cannot be loaded shows the error screen too, and Go to dashboard leaves it', async ({ browser }) => {
  test.slow();
  const page = await newPage(browser);
  await signIn(page, demo.agency.email, demo.agency.password);
  await page.route(ORDER_LIST_CHUNK, (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/order');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toHaveCount(0);
});

test('a page load the server answers with an error is a page with Reload and Go to dashboard, not raw JSON', async ({ browser }) => {
  const page = await newPage(browser);
  const response = await page.goto('/reports/summary.pdf');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
  await expect(page.getByText('{"code"')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Reload' })).toHaveAttribute('href', '/reports/summary.pdf');
  mkdirSync(SHOTS, { recursive: true });
  await expectAccessible(page, 'the error page of a page load', { screenshot: path.join(SHOTS, 'crash-free-error-page') });
  await page.getByRole('link', { name: 'Go to dashboard' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a visitor screen whose code cannot be loaded shows the error screen as the whole page', async ({ browser }) => {
  test.slow();
  const page = await newPage(browser);
  // The sign-in screen's chunk (apps/web/src/app/routes/login.tsx), not social-login's or another.
  const loginChunk = /\/assets\/login-[\w-]+\.js$/;
  await page.route(loginChunk, (route) => route.fulfill({ status: 503, body: '' }));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main')).toContainText('Part of Copydesk could not be loaded.');
  mkdirSync(SHOTS, { recursive: true });
  await expectAccessible(page, 'the error screen of a visitor screen', { screenshot: path.join(SHOTS, 'crash-free-visitor-error-screen') });
  await page.unroute(loginChunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 20_000 });
});
