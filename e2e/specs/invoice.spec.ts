import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { invoiceMessages } from '@copydesk/shared';
import { registerVerifiedAgency } from '../harness/accounts';

/**
 * Invoices in the browser (docs/decisions/0026-invoices.md): an agency pays an order from its
 * wallet, opens the payment's invoice from the billing history, and 'Download Invoice' opens a new
 * tab on a signed link that answers with the PDF, without a bearer header. A link whose signature
 * or expiry was changed answers 403. (A link that simply ran out is refused the same way; the API
 * tests move the clock past its 10 minutes.)
 */

const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in through the API and stores the session as the sign-in screen does; returns the page's token. */
async function signInAs(page: Page, request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  const auth = (await res.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((a) => {
    localStorage.setItem('token', a.token);
    localStorage.setItem('userId', JSON.stringify(a));
  }, auth);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token!;
}

async function topUp(request: APIRequestContext, token: string, dollars: number): Promise<void> {
  const res = await request.post('/api/billing/addBalance', {
    headers: { ...authHeader(token), 'Idempotency-Key': crypto.randomUUID() },
    data: {
      paymentInfo: {
        balance: dollars,
        nameOnCard: 'Ada Lovelace',
        cardNumber: '4242424242424242',
        cardCvc: '123',
        month: '12',
        year: String(new Date().getFullYear() + 2),
        address: '1 Main Street',
        country: 'United States',
        state: 'Illinois',
        city: 'Springfield',
        zipCode: '62701',
      },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function createOrder(request: APIRequestContext, token: string): Promise<{ id: number; total: number }> {
  const item = {
    orderType: 'Blog Post',
    wordCount: { word: '500 Words' },
    addOns: null,
    category: 'Technology',
    articleTitle: 'Invoices that open',
    project_name: 'Acme blog',
    about_company: 'We make rockets',
    target_audience: 'Engineers',
    purpose: 'Informative',
    writing_tone: 'Casual',
    publish_medium: 'Own Website',
  };
  const res = await request.post('/api/order/create', { headers: authHeader(token), data: { articlesData: [item] } });
  expect(res.ok(), await res.text()).toBe(true);
  const id = ((await res.json()) as { order: { id: number } }).order.id;
  const detail = await request.get(`/api/order/getById/${id}`, { headers: authHeader(token) });
  return { id, total: ((await detail.json()) as { total: number }).total };
}

const money = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('a wallet payment has an invoice that opens as a PDF in a new tab, and a changed link is refused', async ({ page, context, request }) => {
  const agency = await registerVerifiedAgency(request, 'invoice');
  const token = await signInAs(page, request, agency.email, agency.password);
  await topUp(request, token, 200);
  const order = await createOrder(request, token);

  // Pay from the wallet on the payment page.
  await page.goto(`/payment/${order.id}`);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await page.getByLabel('Pay with your Available Balance').check();
  await page.getByLabel(/I accept the/).check();
  await page.getByRole('button', { name: `Pay ${money(order.total)}` }).click();
  const confirmed = page.getByRole('dialog', { name: 'Order Confirmed' });
  await expect(confirmed.getByText('Wallet', { exact: true })).toBeVisible();

  // The payment's row in the billing history opens its invoice.
  await page.goto('/billing');
  const row = page.getByRole('row').filter({ hasText: `Order Payment #${order.id}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^View invoice/ }).click();
  const invoice = page.getByRole('dialog', { name: /^Invoice / });
  await expect(invoice.getByText('Order Summary')).toBeVisible();
  await expect(invoice.getByText(money(order.total)).first()).toBeVisible();

  // Download Invoice: a new tab on the signed link, which the server answers with the PDF.
  const invoiceRequest = context.waitForEvent('request', (req) => /\/api\/invoices\/\d+\.pdf\?/.test(req.url()));
  const [popup] = await Promise.all([page.waitForEvent('popup'), invoice.getByRole('button', { name: 'Download Invoice' }).click()]);
  const opened = await invoiceRequest;
  expect(opened.frame().page()).toBe(popup);
  expect(opened.headers().authorization).toBeUndefined();
  const tabResponse = await opened.response();
  expect(tabResponse?.status()).toBe(200);
  expect(tabResponse?.headers()['content-type']).toBe('application/pdf');

  const link = opened.url();
  expect(new URL(link).searchParams.get('signature')).toBeTruthy();
  const pdf = await request.get(link); // no bearer header: the link is the permission
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await popup.close();

  // A changed signature, or an expiry moved into the past, is refused.
  const tampered = new URL(link);
  const signature = tampered.searchParams.get('signature')!;
  tampered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
  const refused = await request.get(tampered.toString());
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(invoiceMessages.linkInvalid);

  const expired = new URL(link);
  expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 60));
  const late = await request.get(expired.toString());
  expect(late.status()).toBe(403);
  expect(late.headers()['content-type']).not.toContain('application/pdf');

  // Another payment's number under this link's signature is refused too.
  const otherFile = new URL(link);
  otherFile.pathname = otherFile.pathname.replace(/\d+\.pdf$/, (name) => `${Number.parseInt(name, 10) + 1}.pdf`);
  expect((await request.get(otherFile.toString())).status()).toBe(403);
});
