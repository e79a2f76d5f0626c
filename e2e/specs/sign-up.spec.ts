import { expect, test, type Page } from '@playwright/test';
import { messages } from '@copydesk/shared';
import { fillSignIn, newAgency, registerVerifiedAgency, type NewAgency } from '../harness/accounts';
import { latestMail, verificationLink } from '../harness/mailbox';

async function signUpThroughForm(page: Page, agency: NewAgency) {
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(agency.name);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(agency.phone);
  await page.getByLabel('Email').fill(agency.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(agency.password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(agency.password);
  await page.getByRole('checkbox', { name: /terms and conditions/i }).check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

test('the waiting screen moves on by itself once the link is opened elsewhere', async ({ page, request }) => {
  const agency = newAgency('waiting');
  await signUpThroughForm(page, agency);
  await expect(page).toHaveURL(/\/email\/verify$/);

  // The link opened in another browser (the mail app): this one learns it through its sign-up
  // cookie on its next check (every 5 s while visible), with no reload. (A reload here raced that
  // check: when the check came first, the reload dropped the toast it had shown.)
  await request.get(await verificationLink(request, agency.email));
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByText(messages.emailAlreadyVerified)).toBeVisible();
});

test('a taken address gets the same sign-up answer, and its owner an email instead of a second account', async ({ page, request }) => {
  const owner = await registerVerifiedAgency(request, 'owner');
  await signUpThroughForm(page, { ...newAgency('intruder'), email: owner.email });
  await expect(page).toHaveURL(/\/email\/verify$/);
  await expect(page.getByText(messages.signedUp)).toBeVisible();

  const notice = await latestMail(request, owner.email, /tried to sign up/i);
  expect(notice.text).toContain('/login');
  // The owner's account and password are unchanged.
  expect((await request.post('/api/login', { data: { email: owner.email, password: owner.password } })).status()).toBe(200);
});

test('a new agency signs up, verifies its email, signs in and logs out', async ({ page, request }) => {
  const agency = newAgency('signup');

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Full Name').fill(agency.name);
  await page.getByLabel('Company Name').fill(agency.company);
  await page.getByLabel('Role / Designation').fill(agency.role);
  await page.getByRole('textbox', { name: 'Phone Number' }).fill(agency.phone);
  await page.getByLabel('Email').fill(agency.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(agency.password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(agency.password);
  await page.getByRole('checkbox', { name: /terms and conditions/i }).check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page).toHaveURL(/\/email\/verify$/);
  await expect(page.getByText('Please verify your email')).toBeVisible();

  // Not verified yet: no token.
  const early = await request.post('/api/login', { data: { email: agency.email, password: agency.password } });
  expect(early.status()).toBe(403);
  expect((await early.json()).message).toBe(messages.verifyEmailFirst);

  await page.goto(await verificationLink(request, agency.email));
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(messages.emailVerified)).toBeVisible();

  await fillSignIn(page, agency.email, agency.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${agency.name}!` })).toBeVisible();

  // A first sign-in opens the getting-started guide after a moment; close it like a user would.
  const guide = page.getByRole('dialog', { name: 'Getting started' });
  await expect(guide).toBeVisible();
  await guide.getByRole('button', { name: /close/i }).click();
  await expect(guide).toBeHidden();

  // Opening the account menu leaves the page where it is, and nothing (the sign-in toast below the
  // top bar) lies over its items.
  const menu = page.getByRole('menu', { name: 'Account menu' });
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(menu).toBeVisible();
  const logout = menu.getByRole('menuitem', { name: 'Logout' });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const onTop = await logout.evaluate((item) => {
    const box = item.getBoundingClientRect();
    return item.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });
  expect(onTop).toBe(true);
  await logout.click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);

  // The session is gone: a signed-in page sends the visitor back.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
