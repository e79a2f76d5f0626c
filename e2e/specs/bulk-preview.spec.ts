import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { BULK_COLUMNS, bulkMessages, messages } from '@copydesk/shared';
import { registerVerifiedAgency, signInAs } from '../harness/accounts';
import { expectAccessible, WIDTHS } from '../harness/screens';

/**
 * Bulk orders are looked at before they are placed (docs/decisions/0039-bulk-order-preview.md): the
 * upload shows every row ordered or rejected with its cell, and the total; nothing is ordered until
 * the user confirms, after uploading a corrected sheet if need be. A damaged .xlsx is told it could
 * not be read.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const GOOD: Record<string, string> = {
  orderType: 'Blog Post',
  category: 'Technology',
  itemTitle: 'Ten ways to ship faster',
  projectName: 'E2E bulk',
  aboutCompany: 'We build city bikes.',
  targetAudience: 'Commuters',
  wordCount: '500 Words',
  purpose: 'Informative',
  writingTone: 'Casual',
  publishingMedium: 'Own Website',
};

/** A sheet under the column keys (A = order type, B = category, C = item title, …), one item per row from row 2. */
async function sheet(name: string, rows: Record<string, string>[]) {
  const workbook = new ExcelJS.Workbook();
  const orders = workbook.addWorksheet('Orders');
  orders.addRow([...BULK_COLUMNS]);
  for (const row of rows) orders.addRow(BULK_COLUMNS.map((column) => row[column] ?? null));
  return { name, mimeType: XLSX, buffer: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

async function orderCount(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/api/order/getCountBystatus/all', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { count: number }).count;
}

/** The bulk dialog of /create, the order type chosen; the first-order guide (features/orders/components/first-order-guide.tsx) marked as seen. */
async function openBulk(page: Page, userId: number) {
  await page.evaluate((id) => localStorage.setItem(`firstOrderGuideSeen:${id}`, '1'), userId);
  await page.goto('/create');
  await page.getByRole('button', { name: 'Ordering in bulk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ordering in bulk' });
  await dialog.getByRole('combobox', { name: 'Order type of the sheet', exact: true }).click();
  await page.getByRole('option', { name: 'Blog Post', exact: true }).click();
  return dialog;
}

test('a sheet is previewed row by row, corrected, uploaded again and only then ordered', async ({ page, request }, testInfo) => {
  test.slow(); // a sign-up, three uploads, axe at two widths and the payment screen
  const agency = await registerVerifiedAgency(request, 'bulk-preview');
  const { token, user } = await signInAs(page, request, agency.email, agency.password);
  const dialog = await openBulk(page, user.id);
  const upload = dialog.locator('input[type="file"]');

  // Not a workbook, though named one: told it could not be read, not that only .xlsx is supported.
  await upload.setInputFiles({ name: 'broken.xlsx', mimeType: XLSX, buffer: Buffer.from('this is not a spreadsheet') });
  await expect(dialog.getByRole('alert')).toHaveText(bulkMessages.unreadable);
  await expect(dialog.getByText(messages.onlyXlsx)).toHaveCount(0);

  // Good and bad rows: each row's result with its cell, and the total of the good ones; nothing ordered.
  await upload.setInputFiles(
    await sheet('orders.xlsx', [
      GOOD, // row 2: $28
      { ...GOOD, category: 'Astrology' }, // row 3: cell B3
      { ...GOOD, itemTitle: 'The long read', wordCount: '1000 Words' }, // row 4: $52
      { ...GOOD, itemTitle: '' }, // row 5: cell C5
    ]),
  );
  const heading = dialog.getByRole('heading', { name: bulkMessages.previewTitle });
  await expect(heading).toBeFocused();
  await expect(dialog.getByRole('status').filter({ hasText: bulkMessages.previewSummary(2, 2) })).toBeVisible();
  const rows = dialog.getByRole('list', { name: bulkMessages.previewRowsLabel }).locator(':scope > li');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(`Row 2${bulkMessages.previewOrdered}$28.00`);
  await expect(rows.nth(1)).toContainText(bulkMessages.previewRejected);
  await expect(rows.nth(1)).toContainText(`Cell B3: ${bulkMessages.notAllowed('Category', 'Astrology')}`);
  await expect(rows.nth(2)).toContainText('$52.00');
  await expect(rows.nth(3)).toContainText(`Cell C5: ${bulkMessages.required('Item title')}`);
  await expect(dialog.getByTestId('bulk-preview-total')).toHaveText('$80.00');
  expect(await orderCount(request, token)).toBe(0);

  // The preview at desktop and phone width: no serious or critical axe finding, no sideways scroll;
  // a screenshot of each, to look at (the preview comes to the top of the dialog by itself).
  await expectAccessible(page, 'bulk preview');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.screenshot({ path: testInfo.outputPath(`bulk-preview-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // The corrected sheet replaces the preview; by keyboard, the confirmation places the order from it.
  await upload.setInputFiles(
    await sheet('orders-fixed.xlsx', [
      GOOD,
      { ...GOOD, itemTitle: 'City bikes in winter' },
      { ...GOOD, itemTitle: 'The long read', wordCount: '1000 Words' },
      { ...GOOD, itemTitle: 'Commuting on two wheels' },
    ]),
  );
  await expect(dialog.getByText(bulkMessages.previewFile('orders-fixed.xlsx'))).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: bulkMessages.previewSummary(4, 0) })).toBeVisible();
  await expect(dialog.getByText(bulkMessages.previewRejected)).toHaveCount(0);
  await expect(dialog.getByTestId('bulk-preview-total')).toHaveText('$136.00');
  expect(await orderCount(request, token)).toBe(0);
  await dialog.getByRole('button', { name: bulkMessages.previewConfirm(4) }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/payment\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText(`Order #${id}`)).toBeVisible();
  await expect(page.getByText('$136.00').first()).toBeVisible();
  const detail = await request.get(`/api/order/getById/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const order = (await detail.json()) as { total: number; content: { article_title: string }[] };
  expect(order.total).toBe(136);
  expect(order.content.map((item) => item.article_title)).toEqual([GOOD.itemTitle, 'City bikes in winter', 'The long read', 'Commuting on two wheels']);
  expect(await orderCount(request, token)).toBe(1);
});
