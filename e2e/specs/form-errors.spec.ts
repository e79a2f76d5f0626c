import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { contentMessages, DOCX_MIME, messages, unsavedDialogMessages } from '@copydesk/shared';
import { makeDocx } from '../../apps/server/src/test/docx';
import { apiLogin, demo, registerVerifiedAgency, signInAs } from '../harness/accounts';
import { expectAccessible, newPage, WIDTHS } from '../harness/screens';

/**
 * Errors beside the fields that caused them (docs/decisions/0038-errors-beside-fields.md): each form, submitted empty at
 * desktop and phone width, shows every field's message under the field (`aria-invalid`, and
 * `aria-describedby` naming the message), and the first invalid field has focus and is on screen.
 * Also: a mistyped Website Link is kept and marked, keywords take paste, and a dialog with unsaved
 * text asks before it closes.
 */

// The five forms are independent (each its own agency or visitor): the run's two workers share them.
test.describe.configure({ mode: 'parallel' });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The field is marked invalid and its `aria-describedby` names a shown element that says `message`. */
async function expectMessageUnder(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const said = field.page().locator(ids.map((id) => `[id="${id}"]`).join(', ') || '#none');
  await expect(said.filter({ hasText: new RegExp(`^${escape(message)}$`) })).toBeVisible();
}

/** The first invalid field has focus and is on screen (not under a bar, not below the fold). */
async function expectFocusedOnScreen(field: Locator): Promise<void> {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
}

/** Each width in turn, the page at that size (a phone's height at 390 px). */
async function atEachWidth(page: Page, check: (width: number) => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await test.step(`at ${width}px`, () => check(width));
  }
}

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

async function placeOrder(request: APIRequestContext, token: string, title: string) {
  const articlesData = [
    {
      orderType: 'Blog Post',
      wordCount: { word: '500 Words' },
      category: 'Technology',
      articleTitle: title,
      project_name: 'E2E form errors',
      about_company: 'We build city bikes.',
      target_audience: 'Commuters',
      purpose: 'Informative',
      writing_tone: 'Casual',
      publish_medium: 'Own Website',
    },
  ];
  const created = await api<{ order: { id: number } }>(request, token, 'POST', '/api/order/create', { articlesData });
  const detail = await api<{ content: { id: number }[] }>(request, token, 'GET', `/api/order/getById/${created.order.id}`);
  return { orderId: created.order.id, itemId: detail.content[0]!.id };
}

test('sign-in: every empty field says so under it, and the first has focus', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/login');
  await atEachWidth(page, async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const email = page.getByRole('textbox', { name: 'Email' });
    await expectMessageUnder(email, messages.requiredFields);
    await expectMessageUnder(page.getByRole('textbox', { name: 'Password', exact: true }), messages.requiredFields);
    await expectFocusedOnScreen(email);
  });
});

test('sign-up: every problem at once under its field, and the first has focus', async ({ browser }) => {
  const page = await newPage(browser);
  await page.goto('/signup');
  await atEachWidth(page, async () => {
    await page.reload();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const name = page.getByRole('textbox', { name: 'Full Name' });
    for (const field of [name, page.getByRole('textbox', { name: 'Email' }), page.getByRole('textbox', { name: 'Password', exact: true })]) {
      await expectMessageUnder(field, messages.requiredFields);
    }
    await expectMessageUnder(page.getByRole('textbox', { name: 'Confirm Password' }), messages.requiredFields);
    await expectMessageUnder(page.getByRole('checkbox', { name: /terms and conditions/ }), messages.acceptTerms);
    await expectFocusedOnScreen(name);
    // No toast covers the Sign Up button on a phone: the messages are under the fields.
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
  // The messages under the fields are read and seen (axe at both widths).
  await expectAccessible(page, 'sign-up with its errors');
});

test('order form: messages under the missing fields, focus on the first; a mistyped link is kept and marked; keywords take paste', async ({
  browser,
  request,
}) => {
  const agency = await registerVerifiedAgency(request, 'form-errors-order');
  const page = await newPage(browser);
  const session = await signInAs(page, request, agency.email, agency.password);
  // The first-order guide (features/orders/components/first-order-guide.tsx) is not under test here.
  await page.evaluate((id) => localStorage.setItem(`firstOrderGuideSeen:${id}`, '1'), session.user.id);
  const item = page.getByRole('region', { name: /^Item 1:/ });

  await atEachWidth(page, async () => {
    await page.goto('/create');
    await page.getByRole('button', { name: 'Select Blog Post' }).click();
    await expect(page.getByRole('heading', { name: 'Order Brief' })).toBeVisible();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const project = item.getByRole('combobox', { name: 'Project Name' });
    await expectFocusedOnScreen(project);
    await expectMessageUnder(project, messages.highlightedRequired);
    for (const label of ['About Company', 'Target Audience', 'Title']) {
      await expectMessageUnder(item.getByRole('textbox', { name: label, exact: true }), messages.highlightedRequired);
    }
    for (const label of ['Category', 'Purpose', 'Writing Tone', 'Publish Medium']) {
      await expectMessageUnder(item.getByRole('combobox', { name: label, exact: true }), messages.highlightedRequired);
    }
  });

  // A mistyped link stays as typed and is marked under the field when the user leaves it…
  const link = item.getByRole('textbox', { name: 'Website Link' });
  await link.fill('bikes dot com');
  await link.blur();
  await expect(link).toHaveValue('bikes dot com');
  await expectMessageUnder(link, messages.websiteLinkInvalid);
  // …and Next refuses it under the field, still as typed (the rule applies on submit).
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(link).toHaveValue('bikes dot com');
  await expectMessageUnder(link, messages.websiteLinkInvalid);
  await expect(page).toHaveURL(/\/create$/);

  // Keywords take paste (';' and '=' are still left out): a real paste from the clipboard.
  const keyword = item.getByRole('textbox', { name: 'Keyword 1 of item 1' });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText('city;bikes'));
  await keyword.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(keyword).toHaveValue('citybikes');
});

test('card form: every empty card field and the terms say so, and the first has focus', async ({ browser, request }) => {
  const agency = await registerVerifiedAgency(request, 'form-errors-card');
  const page = await newPage(browser);
  const { token } = await signInAs(page, request, agency.email, agency.password);
  const { orderId } = await placeOrder(request, token, 'Paid by card');

  await atEachWidth(page, async () => {
    await page.goto(`/payment/${orderId}`);
    await expect(page.getByRole('tab', { name: 'New Card', selected: true })).toBeVisible();
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const name = page.getByRole('textbox', { name: 'Name on Card' });
    await expectFocusedOnScreen(name);
    for (const label of ['Name on Card', 'Card Number', 'CVC', 'Address', 'Zip Code']) {
      await expectMessageUnder(page.getByRole('textbox', { name: label, exact: true }), messages.requiredFields);
    }
    await expectMessageUnder(page.getByRole('checkbox', { name: /I accept the terms/ }), messages.acceptTerms);
  });
});

test('revision request: messages under both fields and focus; unsaved text is asked about before the dialog closes', async ({ browser, request }) => {
  const agency = await registerVerifiedAgency(request, 'form-errors-revision');
  const agencyAuth = await apiLogin(request, agency.email, agency.password);
  const admin = await apiLogin(request, demo.admin.email, demo.admin.password);
  await api(request, admin.token, 'POST', '/api/billing/addBalance', {
    paymentInfo: { balanceByAdmin: true, agency: agencyAuth.user.id, balance: 100, description: 'E2E credit' },
  });
  const { orderId, itemId } = await placeOrder(request, agencyAuth.token, 'Needs another pass');
  await api(request, agencyAuth.token, 'POST', '/api/order/pay', { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } });
  await api(request, admin.token, 'POST', `/api/content/${itemId}/assign`, {});
  const delivered = await request.post(`/api/content/${itemId}/documents`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    multipart: { file: { name: 'draft.docx', mimeType: DOCX_MIME, buffer: await makeDocx(['A first draft about city bikes.']) } },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);

  const page = await newPage(browser);
  await signInAs(page, request, agency.email, agency.password);
  await page.goto(`/content-view/${itemId}`);
  const dialog = page.getByRole('dialog', { name: 'Request Revision' });
  const detail = dialog.getByRole('textbox', { name: /What should change/ });

  await atEachWidth(page, async () => {
    await page.getByRole('button', { name: 'Request Revision' }).click();
    await dialog.getByRole('button', { name: 'Send revision request' }).click();
    const reason = dialog.getByRole('combobox', { name: 'Reason' });
    await expectFocusedOnScreen(reason);
    await expectMessageUnder(reason, contentMessages.revisionFieldsMissing);
    await expectMessageUnder(detail, contentMessages.revisionFieldsMissing);
    // Nothing typed: Escape closes at once.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  // Half a request: Escape asks first; Keep editing keeps the text; the close button asks again.
  await page.getByRole('button', { name: 'Request Revision' }).click();
  await detail.fill('The second paragraph repeats the first.');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: unsavedDialogMessages.title });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: unsavedDialogMessages.keepEditing }).click();
  await expect(ask).toBeHidden();
  await expect(detail).toHaveValue('The second paragraph repeats the first.');
  // The question has gone from the page, its fading overlay with it, before the close button is pressed.
  await expect(page.getByText(unsavedDialogMessages.body)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close revision request' }).click({ timeout: 15_000 });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: unsavedDialogMessages.discard }).click({ timeout: 15_000 });
  await expect(dialog).toBeHidden();
});
