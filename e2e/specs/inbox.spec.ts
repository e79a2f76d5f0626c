import { expect, test, type Page } from '@playwright/test';
import { inboxMessages, messages } from '@copydesk/shared';
import { demo, fillSignIn, registerVerifiedAgency, signIn } from '../harness/accounts';
import { expectAccessible, newPage } from '../harness/screens';
import { latestMail, linkIn } from '../harness/mailbox';

/**
 * The support inbox across screens (docs/decisions/0024-support-inbox.md): a customer opens a
 * thread; the admin is emailed, finds it unread and replies; the customer sees the unread count in
 * the sidebar, opens the thread from the emailed link and reads the reply, and the count goes away.
 */

/** The open thread's messages. */
const thread = (page: Page) => page.getByRole('list', { name: 'Messages in this conversation' });
const messagesLink = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: /^Messages/ });

test('a customer opens a thread, the admin replies, and the customer sees the reply and the unread count', async ({ browser, request }) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'inbox');
  const subject = `Invoice address ${Date.now().toString(36)}`;

  // The customer starts with an empty inbox and writes.
  const customer = await newPage(browser);
  await signIn(customer, agency.email, agency.password);
  await messagesLink(customer).click();
  await expect(customer).toHaveURL(/\/message$/);
  await expect(customer.getByText(messages.noMessages)).toBeVisible();
  await expectAccessible(customer, 'Empty inbox');
  await customer.getByRole('button', { name: inboxMessages.createTitle }).click();
  const modal = customer.getByRole('dialog', { name: inboxMessages.createTitle });
  await modal.getByRole('button', { name: 'Send' }).click();
  await expect(modal.getByText(messages.fieldRequired).first()).toBeVisible();
  await modal.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  await modal.getByRole('textbox', { name: 'Message', exact: true }).fill('Please put our VAT number on the next invoice.');
  await modal.getByRole('button', { name: 'Send' }).click();
  await expect(modal).toBeHidden();
  await expect(customer.getByRole('heading', { name: subject })).toBeVisible();

  // The admins are emailed a link to the thread; the admin finds it unread and replies.
  const toAdmin = await latestMail(request, demo.admin.email, new RegExp(subject));
  const adminLink = linkIn(toAdmin, /^\/message$/);
  const admin = await newPage(browser);
  await signIn(admin, demo.admin.email, demo.admin.password);
  await expect(messagesLink(admin)).toHaveAccessibleName(/Messages, \d+ unread/);
  await admin.goto(new URL(adminLink).pathname + new URL(adminLink).search);
  await expect(admin.getByRole('heading', { name: subject })).toBeVisible();
  await expect(thread(admin).getByText('Please put our VAT number on the next invoice.')).toBeVisible();
  await admin.getByLabel('Reply').fill('Done: the next invoice carries it.');
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread(admin).getByText('Done: the next invoice carries it.')).toBeVisible();

  // The customer sees the unread count, then reads the reply from the emailed link.
  await customer.goto('/dashboard');
  await expect(messagesLink(customer)).toHaveAccessibleName('Messages, 1 unread');
  // With the count beside it, the entry's name still holds its visible text (axe's label-content-name-mismatch).
  await expectAccessible(customer, 'Dashboard with an unread message');
  const toCustomer = await latestMail(request, agency.email, new RegExp(subject));
  const link = new URL(linkIn(toCustomer, /^\/message$/));
  await customer.goto(link.pathname + link.search);
  await expect(thread(customer).getByText('Done: the next invoice carries it.')).toBeVisible();
  await expect(messagesLink(customer)).toHaveAccessibleName('Messages');
  await expectAccessible(customer, 'Thread');

  // The thread is the customer's agency's only: another agency cannot open it.
  const other = await registerVerifiedAgency(request, 'inbox-other');
  const stranger = await newPage(browser);
  await stranger.goto('/login');
  await fillSignIn(stranger, other.email, other.password);
  await expect(stranger).toHaveURL(/\/dashboard$/);
  await stranger.goto(link.pathname + link.search);
  await expect(stranger.getByText(subject)).toHaveCount(0);
  await expect(stranger.getByText(messages.noMessages)).toBeVisible();
});
