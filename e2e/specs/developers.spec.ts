import { expect, test } from '@playwright/test';
import { developersScreenMessages as m } from '@copydesk/shared';
import { registerVerifiedAgency, signInAs } from '../harness/accounts';
import { expectAccessible } from '../harness/screens';

/**
 * Settings → Developers: an agency creates an API key on the screen and the test calls the API with
 * it, revokes it on the screen and sees it refused.
 */

test('an agency creates an API key, uses it, revokes it, and sees it refused', async ({ page, request, baseURL }, testInfo) => {
  const agency = await registerVerifiedAgency(request, 'developer');
  await signInAs(page, request, agency.email, agency.password);
  await page.goto('/settings/developers');
  await expect(page.getByRole('heading', { name: m.title, level: 1 })).toBeVisible();
  const keys = page.getByRole('region', { name: m.keysTitle });
  await expect(keys.getByText(m.keysNone)).toBeVisible();

  // Create a key: shown once, in the dialog.
  await keys.getByRole('button', { name: m.createKey }).click();
  let dialog = page.getByRole('dialog', { name: m.createKey });
  await dialog.getByRole('textbox', { name: m.keyName }).fill('E2E pipeline');
  await dialog.getByRole('button', { name: m.createKey }).click();
  dialog = page.getByRole('dialog', { name: m.keyCreatedTitle });
  const key = await dialog.getByRole('textbox', { name: m.keyLabel }).inputValue();
  expect(key).toMatch(/^cd_[0-9A-Za-z]{40}$/);
  await expect(dialog.getByText(m.keyShownOnce)).toBeVisible();
  await expectAccessible(page, 'the new API key', { screenshot: testInfo.outputPath('developers-key') });
  await dialog.getByRole('button', { name: m.done }).click();
  const row = keys.getByRole('row', { name: 'API key E2E pipeline' });
  await expect(row).toContainText(key.slice(0, 8));

  // The key acts as the agency.
  const withKey = () => fetch(`${baseURL}/api/order`, { headers: { Authorization: `Bearer ${key}` } });
  const allowed = await withKey();
  expect(allowed.status, await allowed.text()).toBe(200);

  await expectAccessible(page, 'developers screen with a key', { screenshot: testInfo.outputPath('developers') });

  // Revoke the key on the screen, after the confirmation: the API refuses it from then on.
  await row.getByRole('button', { name: `${m.revoke} E2E pipeline` }).click();
  await page
    .getByRole('dialog', { name: m.revokeKeyTitle('E2E pipeline') })
    .getByRole('button', { name: m.revoke })
    .click();
  await expect(keys.getByText(m.keysNone)).toBeVisible();
  const refused = await withKey();
  expect(refused.status).toBe(401);
});
