import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { bulkMessages, orderScreenMessages } from '@copydesk/shared';
import { demo, signIn, tokenOf } from '../harness/accounts';

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

type OrderDetail = { order: { id: number; unpaid: boolean }; content: { order_type: string; word_count: string; cost: number }[]; total: number };

/** /create shows the first-order guide to a customer without orders; close it when it comes. */
async function openCreate(page: Page): Promise<void> {
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Place your Order' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Blog Post' })).toBeVisible();
  const guide = page.getByRole('dialog', { name: 'Your first order' });
  if (
    await guide.waitFor({ state: 'visible', timeout: 1500 }).then(
      () => true,
      () => false,
    )
  ) {
    await guide.getByRole('button', { name: 'Exit Guide' }).click();
    await expect(guide).toBeHidden();
  }
}

async function pick(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an agency places a two-item Blog Post order through the form and lands on its payment', async ({ page, request }) => {
  await signIn(page, demo.agency.email, demo.agency.password);
  await openCreate(page);
  await page.getByRole('button', { name: 'Select Blog Post' }).click();

  const first = page.getByRole('region', { name: /^Item 1:/ });
  await expect(first.getByRole('combobox', { name: 'Word Count', exact: true })).toHaveValue('300 Words — $18.00');
  await first.getByRole('combobox', { name: 'Project Name', exact: true }).fill('E2E spring launch');
  await pick(page, first, 'Category', 'Technology');
  await first.getByRole('textbox', { name: 'About Company', exact: true }).fill('We build city bikes.');
  await first.getByRole('textbox', { name: 'Target Audience', exact: true }).fill('Commuters');
  await first.getByRole('textbox', { name: 'Title', exact: true }).fill('Five habits of bike commuters');
  await pick(page, first, 'Purpose', 'Informative');
  await pick(page, first, 'Writing Tone', 'Casual');
  await pick(page, first, 'Publish Medium', 'Own Website');
  await first.getByRole('textbox', { name: 'Keyword 1 of item 1' }).fill('bikes');
  await pick(page, first, 'Add-On', 'SEO Optimisation (+$10.00)');

  // The second item: a clone (without keywords and add-on) with its own title.
  await page.getByRole('button', { name: 'Clone item 1' }).click();
  const second = page.getByRole('region', { name: /^Item 2:/ });
  await second.getByRole('textbox', { name: 'Title', exact: true }).fill('Winter cycling checklist');
  await expect(second.getByRole('textbox', { name: 'Keyword 1 of item 2' })).toHaveValue('');
  await expect(page.getByTestId('order-item-count')).toHaveText('2');
  await expect(page.getByTestId('order-total')).toHaveText('$46.00');

  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const detail = await api<OrderDetail>(request, await tokenOf(page), 'GET', `/api/order/getById/${id}`);
  expect(detail.order.unpaid).toBe(true);
  expect(detail.content).toHaveLength(2);
  expect(detail.content.map((i) => [i.order_type, i.word_count, i.cost])).toEqual([
    ['Blog Post', '300 Words', 28],
    ['Blog Post', '300 Words', 18],
  ]);
  expect(detail.total).toBe(46);
});

test('a bulk upload of the downloaded sample sheet lands on the payment of the new order', async ({ page, request }) => {
  await signIn(page, demo.agency.email, demo.agency.password);
  await openCreate(page);
  await page.getByRole('button', { name: 'Ordering in bulk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ordering in bulk' });
  await pick(page, dialog, 'Order type of the sheet', 'Blog Post');

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download Sample' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'copydesk-bulk-')), download.suggestedFilename());
  await download.saveAs(file);
  // The sample's marked example row is never imported: fill in one item under it, as a customer would.
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(2).getCell(1).text).toMatch(/^EXAMPLE/);
  for (let col = 2; col <= sheet.columnCount; col++) sheet.getRow(3).getCell(col).value = sheet.getRow(2).getCell(col).value;
  await workbook.xlsx.writeFile(file);

  await dialog.locator('input[type="file"]').setInputFiles(file);
  // The sheet is previewed first (docs/decisions/0039-bulk-order-preview.md); the order is placed on confirmation.
  await dialog.getByRole('button', { name: bulkMessages.previewConfirm(1) }).click();
  await expect(page).toHaveURL(/\/payment\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const detail = await api<OrderDetail>(request, await tokenOf(page), 'GET', `/api/order/getById/${id}`);
  expect(detail.content.length).toBe(1);
  expect(detail.content.every((i) => i.order_type === 'Blog Post')).toBe(true);
});

test('the orders list filters by the status query and the order id, and resets', async ({ page, request }) => {
  await signIn(page, demo.agency.email, demo.agency.password);
  const token = await tokenOf(page);
  const item = {
    orderType: 'Article',
    wordCount: { word: '500 Words' },
    category: 'Technology',
    articleTitle: 'E2E list filters',
    project_name: 'E2E',
    about_company: 'We build city bikes.',
    target_audience: 'Commuters',
    purpose: 'Informative',
    writing_tone: 'Casual',
  };
  const ids: number[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await api<{ order: { id: number } }>(request, token, 'POST', '/api/order/create', { articlesData: [item] });
    ids.push(res.order.id);
  }
  const [older, newer] = ids as [number, number];

  await page.goto('/order?status=unpaid');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Unpaid');
  await expect(page.getByRole('row', { name: `Order ${newer}`, exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: `Order ${newer}`, exact: true })).toContainText('Unpaid');

  await page.getByRole('textbox', { name: 'Order ID' }).fill(String(older));
  await expect(page.getByRole('row', { name: `Order ${older}`, exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: `Order ${newer}`, exact: true })).toHaveCount(0);
  await expect(page.getByText(orderScreenMessages.showingEntries(1, 1, 1))).toBeVisible();

  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(/\/order$/);
  await expect(page.getByRole('textbox', { name: 'Order ID' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  await expect(page.getByRole('row', { name: `Order ${newer}`, exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: `Order ${older}`, exact: true })).toBeVisible();

  // An unpaid row opens the payment of that order.
  await page
    .getByRole('row', { name: `Order ${newer}`, exact: true })
    .getByRole('cell')
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/payment/${newer}$`));
});
