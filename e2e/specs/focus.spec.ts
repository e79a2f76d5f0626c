import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { inboxScreenMessages, WELCOME_DELAY_MS } from '@copydesk/shared';
import { apiLogin, demo, registerVerifiedAgency, signIn, type ApiSession } from '../harness/accounts';

/**
 * Focus stays where the user is, and onboarding interrupts once (docs/decisions/0041-onboarding-once.md). Each
 * action below replaces or removes the control that had focus; focus must land on the changed row,
 * the new message or the next control, never on <body> (the top of the page). Everything is done
 * from the keyboard: a control is focused, then Enter, Space, Tab or Escape.
 */

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** A page of its own browser context (another browser), signed in with a session stored as the app keeps it. */
async function pageOf(browser: Browser, auth: ApiSession): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('userId', JSON.stringify(a));
  }, auth);
  return page;
}

/** Focuses `control` and presses `key` on it, as a keyboard user who has tabbed there. */
async function press(control: Locator, key = 'Enter') {
  await control.focus();
  await expect(control).toBeFocused();
  await control.press(key);
}

test('onboarding interrupts once: the guide on the first sign-in only, no redirect to /create, the offer banner dismissed for good', async ({
  browser,
  request,
}) => {
  const agency = await registerVerifiedAgency(request, 'onboarding');
  const first = await (await browser.newContext()).newPage();
  await signIn(first, agency.email, agency.password);

  // First sign-in: the guide opens after its delay; Escape closes it and reading goes on at the heading.
  const guide = first.getByRole('dialog', { name: 'Getting started' });
  await expect(guide).toBeVisible({ timeout: WELCOME_DELAY_MS + 10_000 });
  await first.keyboard.press('Escape');
  await expect(guide).toBeHidden();
  const heading = first.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();

  // The offer banner: dismissed from the keyboard, focus goes on to the page's heading, not the top.
  const banner = first.getByRole('status', { name: 'Offer' });
  await press(banner.getByRole('button', { name: 'Dismiss offer' }));
  await expect(banner).toBeHidden();
  await expect(heading).toBeFocused();

  // Another page of the frame: the offer is read again, and the banner stays away.
  const offerRead = first.waitForResponse((res) => res.url().includes('/api/getOfferStatus'));
  await first.goto('/billing');
  await offerRead;
  await expect(first.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The second sign-in, in another browser: the dashboard stays (no redirect to /create although
  // there is no order yet), with neither the guide nor the banner.
  const second = await (await browser.newContext()).newPage();
  const offerAgain = second.waitForResponse((res) => res.url().includes('/api/getOfferStatus'));
  await signIn(second, agency.email, agency.password);
  await offerAgain;
  await second.waitForTimeout(WELCOME_DELAY_MS + 500);
  await expect(second).toHaveURL(/\/dashboard$/);
  await expect(second.getByRole('dialog', { name: 'Getting started' })).toHaveCount(0);
  await expect(second.getByRole('status', { name: 'Offer' })).toHaveCount(0);
  await second.goto('/order');
  await expect(second.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(second.getByRole('status', { name: 'Offer' })).toHaveCount(0);
});

test('focus stays in place after sending a message, replying, Take, Deactivate and Activate', async ({ browser, request }) => {
  test.slow();
  const agency = await registerVerifiedAgency(request, 'focus');
  const agencyAuth = await apiLogin(request, agency.email, agency.password);
  const adminAuth = await apiLogin(request, demo.admin.email, demo.admin.password);
  await api(request, adminAuth.token, 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: agencyAuth.user.id, balance: 100, description: 'E2E credit' },
  });
  const title = `Focus kept ${agency.email.split('@')[0]}`;
  const created = await api<{ order: { id: number } }>(request, agencyAuth.token, 'POST', '/api/order/create', {
    articlesData: [
      {
        orderType: 'Blog Post',
        wordCount: { word: '500 Words' },
        category: 'Technology',
        articleTitle: title,
        project_name: 'E2E focus',
        about_company: 'We build city bikes.',
        target_audience: 'Commuters',
        purpose: 'Informative',
        writing_tone: 'Casual',
        publish_medium: 'Own Website',
      },
    ],
  });
  await api(request, agencyAuth.token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: created.order.id } });
  const detail = await api<{ content: { id: number }[] }>(request, agencyAuth.token, 'GET', `/api/order/getById/${created.order.id}`);
  const itemId = detail.content[0]!.id;

  // Sending a message: the new thread's message takes focus; a reply: the reply.
  const customer = await pageOf(browser, agencyAuth);
  await customer.goto('/message');
  await press(customer.getByRole('button', { name: 'Create a Message' }));
  const create = customer.getByRole('dialog', { name: 'Create a Message' });
  await create.getByRole('textbox', { name: inboxScreenMessages.subjectLabel }).fill('Where is my draft?');
  await create.getByRole('textbox', { name: inboxScreenMessages.messageLabel }).fill('The first message of the thread.');
  await press(create.getByRole('button', { name: inboxScreenMessages.send, exact: true }));
  const messages = customer.getByRole('list', { name: inboxScreenMessages.threadMessagesLabel });
  await expect(messages.getByRole('listitem').filter({ hasText: 'The first message of the thread.' })).toBeFocused();

  await customer.keyboard.press('Tab');
  const reply = customer.getByRole('textbox', { name: inboxScreenMessages.replyLabel });
  await expect(reply).toBeFocused();
  await customer.keyboard.type('A reply from the keyboard.');
  await customer.keyboard.press('Control+Enter');
  await expect(messages.getByRole('listitem').filter({ hasText: 'A reply from the keyboard.' })).toBeFocused();

  // Take: the row stays focused, on its next action (Upload .docx).
  const admin = await pageOf(browser, adminAuth);
  await admin.goto(`/fulfilment?search=${encodeURIComponent(title)}`);
  const row = admin.getByRole('row', { name: `Item ${itemId}` });
  await press(row.getByRole('button', { name: `Take item ${itemId}` }));
  await expect(row.getByRole('button', { name: `Upload .docx (item ${itemId})` })).toBeFocused();

  // Deactivate, confirm, Activate (last: deactivating ends the agency's sessions): each step's button
  // is replaced, and focus goes to the next one.
  await admin.goto('/management');
  await admin.getByRole('textbox', { name: 'Search', exact: true }).fill(agency.email);
  const agencyRow = admin.getByRole('row').filter({ hasText: agency.email });
  await expect(agencyRow).toHaveCount(1);
  const view = agencyRow.getByRole('button', { name: `View ${agency.name}` });
  await press(view);
  const dialog = admin.getByRole('dialog');
  await press(dialog.getByRole('button', { name: 'Deactivate' }));
  await expect(dialog.getByRole('button', { name: 'Cancel' }), 'the question starts at its safe answer').toBeFocused();
  await admin.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Deactivate' })).toBeFocused();
  await admin.keyboard.press('Enter');
  // The dialog shows the status the server now holds before the next key is pressed: the button is
  // the same element relabelled once the user is read again, and a key pressed before that lands on
  // the old label.
  await expect(dialog.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Activate' }), 'after Deactivate').toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(dialog.getByText('Active', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Deactivate' }), 'after Activate').toBeFocused();
});
