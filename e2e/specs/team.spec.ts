import { expect, test, type Page } from '@playwright/test';
import { messages, signInMessages, userMessages } from '@copydesk/shared';
import { demo, fillSignIn, signIn } from '../harness/accounts';
import { expectAccessible, newPage } from '../harness/screens';
import { latestMail, linkIn } from '../harness/mailbox';

/**
 * Team management across screens (docs/decisions/0011-tenancy-and-roles.md): an admin adds an
 * agency; the agency sets its password from the email and signs in; it adds an associate from the
 * dashboard's Add Users; the associate signs in from its own email; the agency deactivates the
 * associate, whose open session ends at its next call, and the associate cannot sign in again.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Follows the set-password email: chooses a password on /setpassword/{token}, then signs in. */
async function setPasswordFromEmail(page: Page, request: Parameters<typeof latestMail>[0], email: string, password: string) {
  const mail = await latestMail(request, email, /Set your Copydesk password/);
  await page.goto(linkIn(mail, /^\/setpassword\//));
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Enter Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(messages.passwordSaved)).toBeVisible();
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

test('an admin adds an agency, the agency adds an associate, and deactivating the associate ends its session', async ({ browser, request }) => {
  test.slow();
  const id = unique();
  const agency = { name: 'Nora Newcomer', email: `team-agency-${id}@example.com`, company: `Newcomer Words ${id}`, password: `Agency-secret-${id}` };
  const associate = { name: 'Ari Assistant', email: `team-associate-${id}@example.com`, password: `Associate-secret-${id}` };

  // The admin adds the agency on User Management.
  const admin = await newPage(browser);
  await signIn(admin, demo.admin.email, demo.admin.password);
  await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User Management' }).click();
  await expect(admin).toHaveURL(/\/management$/);
  await expect(admin.getByRole('columnheader', { name: /Group/ })).toBeVisible();
  await expectAccessible(admin, 'User Management (admin)');
  await admin.getByRole('button', { name: userMessages.addAgency }).click();
  const addAgency = admin.getByRole('dialog', { name: userMessages.addAgency });
  // The form checks what the spec asks before sending anything.
  await addAgency.getByRole('button', { name: userMessages.addAgency }).click();
  await expect(addAgency.getByText(userMessages.fullNameRequired)).toBeVisible();
  await addAgency.getByLabel('Full Name').fill(agency.name);
  await addAgency.getByLabel('Email').fill(agency.email);
  await addAgency.getByLabel('Company Name').fill(agency.company);
  await addAgency.getByLabel('Role / Designation').fill('Owner');
  await addAgency.getByRole('button', { name: userMessages.addAgency }).click();
  await expect(admin.getByText(userMessages.agencyAdded)).toBeVisible();
  await admin.getByLabel('Search').fill(agency.email);
  await expect(admin.getByRole('row', { name: new RegExp(agency.name) })).toContainText(agency.company);

  // The new agency chooses its password from the email and signs in.
  const agencyPage = await newPage(browser);
  await setPasswordFromEmail(agencyPage, request, agency.email, agency.password);
  await expect(agencyPage.getByRole('heading', { name: `Welcome, ${agency.name}!` })).toBeVisible();

  // It adds an associate from the dashboard's Add Users, which opens the add modal.
  await agencyPage.getByRole('link', { name: 'Add Users' }).click();
  await expect(agencyPage).toHaveURL(/\/management/);
  const addAssociate = agencyPage.getByRole('dialog', { name: userMessages.addAssociate });
  await expect(addAssociate).toBeVisible();
  await addAssociate.getByLabel('Full Name').fill(associate.name);
  await addAssociate.getByLabel('Email').fill('not-an-email');
  await addAssociate.getByRole('button', { name: userMessages.addAssociate }).click();
  await expect(addAssociate.getByText(messages.emailNotCorrect)).toBeVisible();
  await addAssociate.getByLabel('Email').fill(associate.email);
  await addAssociate.getByRole('button', { name: userMessages.addAssociate }).click();
  await expect(agencyPage.getByText(userMessages.associateAdded)).toBeVisible();
  await expect(agencyPage.getByRole('row', { name: new RegExp(associate.name) })).toContainText('Active');

  // The associate signs in from its own email and works in the portal.
  const associatePage = await newPage(browser);
  await setPasswordFromEmail(associatePage, request, associate.email, associate.password);
  await expect(associatePage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'User Management' })).toHaveCount(0);
  await associatePage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Orders' }).click();
  await expect(associatePage).toHaveURL(/\/order$/);

  // The agency deactivates the associate from the detail modal.
  await agencyPage.getByRole('button', { name: `View ${associate.name}` }).click();
  const detail = agencyPage.getByRole('dialog', { name: associate.name });
  await detail.getByRole('button', { name: 'Deactivate' }).click();
  await detail.getByRole('button', { name: 'Deactivate' }).click();
  await expect(agencyPage.getByText(userMessages.deactivated)).toBeVisible();
  await expect(agencyPage.getByRole('row', { name: new RegExp(associate.name) })).toContainText('Inactive');

  // The associate's open session ends at its next call...
  await associatePage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }).click();
  // The sign-in page keeps the screen the associate was opening, to return to after signing in.
  await expect(associatePage).toHaveURL(/\/login\?next=%2Fbilling$/);
  // ...and signing in again is refused.
  await fillSignIn(associatePage, associate.email, associate.password);
  await expect(associatePage.getByText(signInMessages.associateDeactivated)).toBeVisible();
  await expect(associatePage).toHaveURL(/\/login\?next=%2Fbilling$/);
});
