import { expect, test } from '@playwright/test';
import { demo } from '../harness/accounts';
import { latestMail, linkIn } from '../harness/mailbox';

/**
 * One-time sign-in links: when an associate saves an unpaid order, the agency is
 * emailed a link that signs it in and opens the order's payment page after 2 s; the link works once.
 */
test('the agency opens an associate’s unpaid order from the emailed one-time link', async ({ browser, request }) => {
  const login = await request.post('/api/login', { data: { email: demo.associate.email, password: demo.associate.password } });
  const { token } = (await login.json()) as { token: string };
  const created = await request.post('/api/order/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      articlesData: [
        {
          orderType: 'Blog Post',
          wordCount: { word: '500 Words' },
          category: 'Technology',
          articleTitle: 'Paid from a link',
          project_name: 'E2E links',
          about_company: 'We build city bikes.',
          target_audience: 'Commuters',
          purpose: 'Informative',
          writing_tone: 'Casual',
          publish_medium: 'Own Website',
        },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const orderId = ((await created.json()) as { order: { id: number } }).order.id;

  const mail = await latestMail(request, demo.agency.email, new RegExp(`Order #${orderId} is waiting for payment`));
  expect(mail.text).toContain('$28.00 in total');
  const link = new URL(linkIn(mail, /^\/login$/));
  expect(link.searchParams.get('order_id')).toBe(String(orderId));

  const page = await (await browser.newContext()).newPage();
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(new RegExp(`/payment/${orderId}$`), { timeout: 15_000 });
  await expect(page.getByText(`Order #${orderId}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'New Card' })).toBeVisible();

  // Used once: in a fresh browser the same link no longer signs anyone in.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link.pathname + link.search);
  await expect(again).toHaveURL(/\/login/);
  await expect(again.getByText('This sign-in link is invalid or has expired.')).toBeVisible();
});
