import { expect, test } from '@playwright/test';
import { messages } from '@copydesk/shared';
import { fillSignIn, registerVerifiedAgency } from '../harness/accounts';
import { resetLink } from '../harness/mailbox';

test('a user who forgot the password sets a new one from the emailed link', async ({ page, request }) => {
  const agency = await registerVerifiedAgency(request, 'reset');
  const newPassword = `${agency.password}-renewed`;

  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(agency.email);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText(messages.resetEmailSent)).toBeVisible();

  await page.goto(await resetLink(request, agency.email));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.passwordChanged)).toBeVisible();

  // The old password no longer works...
  await fillSignIn(page, agency.email, agency.password);
  await expect(page.getByText(messages.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // ...and the new one does.
  await fillSignIn(page, agency.email, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${agency.name}!` })).toBeVisible();
});
