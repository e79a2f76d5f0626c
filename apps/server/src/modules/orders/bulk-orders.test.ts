import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_COLUMNS, bulkMessages, inputMessages, messages } from '@copydesk/shared';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { multipart } from '../../test/helpers.js';
import { BULK_EXAMPLE_MARK, BULK_HEADERS, BULK_NOTES_HEADER } from './bulk-orders.service.js';

let t: TestApp;
let tok: { admin: string; agency: string; associate: string };
beforeAll(async () => {
  t = await createTestApp();
  tok = { admin: await loginAs(t.app, demo.admin), agency: await loginAs(t.app, demo.agency), associate: await loginAs(t.app, demo.associate) };
});
afterAll(() => t?.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const goodRow = {
  orderType: 'Blog Post',
  category: 'Technology',
  itemTitle: 'Ten ways to ship faster',
  projectName: 'Acme blog',
  aboutCompany: 'We make rockets',
  targetAudience: 'Engineers',
  wordCount: '500 Words',
  purpose: 'Informative',
  writingTone: 'Casual',
  publishingMedium: 'Own Website',
  keywords: 'a;b;c;d',
  websiteLink: 'https://acme.example.com',
};

async function workbook(rows: Record<string, string | number>[], header: readonly string[] = BULK_COLUMNS) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow([...header]);
  for (const row of rows) ws.addRow(header.map((key) => row[key] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (data: Buffer, { token = tok.agency, orderType = 'Blog Post', name = 'orders.xlsx', type = XLSX, url = '/api/order/bulk' } = {}) => {
  const body = multipart(orderType ? { order_type: orderType } : {}, { field: 'file', name, type, data });
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
};
const preview = (data: Buffer, options: Omit<Parameters<typeof upload>[1] & object, 'url'> = {}) =>
  upload(data, { ...options, url: '/api/order/bulk/preview' });

/** A zip that holds no workbook (a .docx renamed, say). */
async function zipOf(files: Record<string, string>) {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every row an upload could write: orders (hidden ones too), items, queued emails. */
const written = async () =>
  (
    (await t.db.execute(
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items, (select count(*)::int from outbox_emails) as emails`,
    )) as unknown as { rows: { orders: number; items: number; emails: number }[] }
  ).rows[0]!;

describe('GET /api/order/bulk/sample', () => {
  it('gives an .xlsx with headers in words, a marked example row the import skips, and allowed values', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/order/bulk/sample?order_type=Product%20Description', headers: bearer(tok.agency) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX);
    expect(res.headers['content-disposition']).toContain('copydesk-bulk-product-description.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const [orders, lists] = wb.worksheets;
    const headers = (orders!.getRow(1).values as unknown[]).slice(1) as string[];
    expect(headers[0]).toBe(BULK_NOTES_HEADER);
    // Words, not keys; the columns a Product Description needs carry the required mark.
    expect(headers.slice(1, 4)).toEqual(['Order type', 'Category *', 'Item title *']);
    expect(headers).toContain('Publishing medium *');
    expect(headers).toContain('Keywords');
    expect(headers.some((h) => (BULK_COLUMNS as readonly string[]).includes(h))).toBe(false);
    const col = (column: keyof typeof BULK_HEADERS) => headers.findIndex((h) => h.replace(/ \*$/, '') === BULK_HEADERS[column]) + 1;

    const example = orders!.getRow(2);
    expect(example.getCell(1).text).toBe(BULK_EXAMPLE_MARK);
    expect(example.getCell(1).font?.bold).toBe(true);
    expect(example.getCell(col('orderType')).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FFFFF3BF' } });
    expect(example.getCell(col('orderType')).text).toBe('Product Description');
    expect(example.getCell(col('productPageLink')).text).toMatch(/^https:\/\//);
    expect(example.getCell(col('publishingMedium')).text).toBe('Own website');
    expect(lists!.name).toBe('Allowed values');
    const listHeaders = (lists!.getRow(1).values as unknown[]).slice(1);
    expect(listHeaders).toEqual(expect.arrayContaining(['Order type', 'Word count', 'Category', 'Writing tone', 'Purpose', 'Publishing medium']));

    // As downloaded, the sheet holds no item: the example is never imported.
    const untouched = await upload(res.rawPayload, { orderType: 'Product Description' });
    expect(untouched.statusCode, untouched.body).toBe(422);
    expect(untouched.json().message).toBe(messages.bulkNoUsableRow);

    // A row filled in under the example imports under the worded headers; the example still does not.
    for (let c = 2; c <= headers.length; c++) orders!.getRow(3).getCell(c).value = example.getCell(c).value;
    orders!.getRow(3).getCell(col('itemTitle')).value = 'My own item';
    const filled = await upload(Buffer.from(await wb.xlsx.writeBuffer()), { orderType: 'Product Description' });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(filled.json().rejected).toEqual([]);
    expect(filled.json().message).toBe(bulkMessages.saved(1, 0));
    const detail = (await t.app.inject({ method: 'GET', url: `/api/order/getById/${filled.json().order.id}`, headers: bearer(tok.agency) })).json();
    expect(detail.content.map((c: { article_title: string }) => c.article_title)).toEqual(['My own item']);
  });

  it('needs an order type first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/order/bulk/sample', headers: bearer(tok.agency) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.selectOrderTypeFirst);
    expect((await t.app.inject({ method: 'GET', url: '/api/order/bulk/sample?order_type=Poem', headers: bearer(tok.agency) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/order/bulk/sample?order_type=Article', headers: bearer(tok.admin) })).statusCode).toBe(403);
  });
});

describe('POST /api/order/bulk', () => {
  it('turns every good row into one unpaid order priced from the catalogue', async () => {
    const res = await upload(
      await workbook([
        goodRow,
        { ...goodRow, wordCount: 1000, itemTitle: 'Second' },
        { ...goodRow, orderType: 'Press Release', wordCount: '400 Words', publishingMedium: '' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rejected).toEqual([]);
    expect(body.message).toBe(bulkMessages.saved(3, 0));
    const detail = (await t.app.inject({ method: 'GET', url: `/api/order/getById/${body.order.id}`, headers: bearer(tok.agency) })).json();
    expect(detail.order).toMatchObject({ unpaid: true, no_of_content: 3 });
    expect(detail.total).toBe(28 + 52 + 45);
    expect(detail.content[0]).toMatchObject({ keywords: 'a;b;c', website_link: 'https://acme.example.com', word_count: '500 Words' });
    expect(detail.content[1].word_count).toBe('1000 Words');
  });

  it('keeps the usable rows and reports the others by sheet row number', async () => {
    const long = 'x'.repeat(400);
    const res = await upload(
      await workbook([
        goodRow, // row 2
        { ...goodRow, itemTitle: '' }, // row 3: required
        { ...goodRow, orderType: 'Sonnet' }, // row 4: unknown type
        { ...goodRow, category: 'Astrology' }, // row 5: not allowed
        { ...goodRow, wordCount: '450 Words' }, // row 6: no such tier
        { ...goodRow, purpose: 'Brand awareness', writingTone: 'Dreamy', preferredIntent: 'Confusing' }, // row 7: tone not allowed
        { ...goodRow, projectName: long, purpose: 'Brand awareness', websiteLink: 'not a link', preferredIntent: 'Confusing' }, // row 8: usable
        { ...goodRow, publishingMedium: '' }, // row 9: Blog Post needs it
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { rejected, order } = res.json();
    expect(rejected).toEqual([
      { row: 3, reasons: [bulkMessages.required('Item title')] },
      { row: 4, reasons: [bulkMessages.unknownOrderType] },
      { row: 5, reasons: [bulkMessages.notAllowed('Category', 'Astrology')] },
      { row: 6, reasons: [bulkMessages.notAllowed('Word count', '450 Words')] },
      { row: 7, reasons: [bulkMessages.notAllowed('Writing tone', 'Dreamy')] },
      { row: 9, reasons: [bulkMessages.required('Publishing medium')] },
    ]);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/order/getById/${order.id}`, headers: bearer(tok.agency) })).json();
    expect(detail.content).toHaveLength(2);
    const truncated = detail.content[1];
    expect(truncated.project_name).toHaveLength(250);
    expect(truncated.purpose).toBe('Brand awareness'); // Other: free text
    expect(truncated.website_link).toBeNull();
    expect(truncated.preferred_intent).toBeNull();
  });

  it('reads the headers in words (with or without the required mark) as well as the column keys, and skips a marked example row', async () => {
    const worded = Object.fromEntries(Object.entries(goodRow).map(([key, value]) => [BULK_HEADERS[key as keyof typeof BULK_HEADERS], value]));
    const headers = [BULK_NOTES_HEADER, ...BULK_COLUMNS.map((c) => (c === 'category' ? `${BULK_HEADERS[c]} *` : BULK_HEADERS[c]))];
    const rows: Record<string, string>[] = [
      { ...worded, [BULK_NOTES_HEADER]: BULK_EXAMPLE_MARK, 'Item title': 'The example' }, // row 2: skipped
      { ...worded, 'Category *': 'Technology', [BULK_NOTES_HEADER]: 'for the spring campaign' }, // row 3
      { ...worded, 'Category *': 'Technology', 'Order type': 'EXAMPLE', 'Item title': 'Marked in the first column' }, // row 4: skipped
      { [BULK_NOTES_HEADER]: 'a note on its own' }, // row 5: nothing to import
      { ...worded, 'Category *': 'Astrology' }, // row 6: rejected, by the header's words
    ];
    const res = await upload(await workbook(rows, headers));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rejected).toEqual([{ row: 6, reasons: [bulkMessages.notAllowed('Category', 'Astrology')] }]);
    expect(res.json().message).toBe(bulkMessages.saved(1, 1));
    const detail = (await t.app.inject({ method: 'GET', url: `/api/order/getById/${res.json().order.id}`, headers: bearer(tok.agency) })).json();
    expect(detail.content).toHaveLength(1);
    expect(detail.content[0]).toMatchObject({ article_title: goodRow.itemTitle, category: 'Technology', keywords: 'a;b;c' });
  });

  it('refuses a row whose cell holds a NUL (`_x0000_` in the file), keeping the others, without a 500', async () => {
    const res = await upload(await workbook([goodRow, { ...goodRow, aboutCompany: 'We make_x0000_rockets' }]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rejected).toEqual([{ row: 3, reasons: [`About company: ${inputMessages.nulCharacter}`] }]);
    const only = await upload(await workbook([{ ...goodRow, itemTitle: 'Bad_x0000_title' }]));
    expect(only.statusCode, only.body).toBe(422);
    expect(only.json().errors.file[0]).toContain(inputMessages.nulCharacter);
  });

  it('answers 422 with its message when no row is usable', async () => {
    const res = await upload(
      await workbook([
        { ...goodRow, category: '' },
        { ...goodRow, orderType: 'Sonnet' },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.bulkNoUsableRow);
    expect(res.json().errors.file[0]).toContain('Row 2');
    const noColumns = await upload(await workbook([goodRow], ['orderType', 'itemTitle']));
    expect(noColumns.statusCode).toBe(422);
    expect(noColumns.json().errors.file[0]).toContain('Category');
    const empty = await upload(await workbook([]));
    expect(empty.json().message).toBe(messages.bulkNoUsableRow);
  });

  it('refuses files that are not .xlsx by content, corrupt, oversized or too long', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const csv = Buffer.from('orderType,category\nBlog Post,Technology\n');
    // Another type of file, by name and content: the wrong type.
    for (const [data, name, type] of [
      [png, 'logo.png', 'image/png'],
      [csv, 'orders.csv', 'text/csv'],
      [await zipOf({ 'word/document.xml': '<w:document/>' }), 'brief.docx', 'application/octet-stream'],
    ] as const) {
      const res = await upload(data, { name, type });
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ code: 'bulk.only_xlsx', message: messages.onlyXlsx, errors: { file: [messages.onlyXlsx] } });
    }
    // Called an .xlsx (by name or by type) but no workbook: not a zip, cut short, empty, a zip of something else.
    const good = await workbook([goodRow]);
    for (const [data, name, type] of [
      [png, 'orders.xlsx', XLSX],
      [csv, 'orders.XLSX', 'application/octet-stream'],
      [Buffer.alloc(0), 'orders.xlsx', XLSX],
      [good.subarray(0, Math.floor(good.length / 2)), 'orders.xlsx', XLSX],
      [await zipOf({ 'notes.txt': 'hello' }), 'upload', XLSX],
    ] as const) {
      const res = await upload(data, { name, type });
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ code: 'bulk.unreadable', message: bulkMessages.unreadable, errors: { file: [bulkMessages.unreadable] } });
    }

    const big = await upload(Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(422);
    expect(big.json().message).toBe(bulkMessages.tooLarge);

    const rows = Array.from({ length: 5001 }, (_, i) => ({ ...goodRow, itemTitle: `Item ${i}` }));
    const tooMany = await upload(await workbook(rows));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(bulkMessages.tooManyRows);
  }, 60_000);

  it('needs an order type, a file, and a customer', async () => {
    const data = await workbook([goodRow]);
    expect((await upload(data, { orderType: '' })).json().message).toBe(messages.selectOrderTypeFirst);
    expect((await upload(data, { orderType: 'Sonnet' })).statusCode).toBe(422);
    expect((await upload(data, { token: tok.admin })).statusCode).toBe(403);
    const noFile = multipart({ order_type: 'Blog Post' });
    const res = await t.app.inject({ method: 'POST', url: '/api/order/bulk', payload: noFile.payload, headers: { ...noFile.headers, ...bearer(tok.agency) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(bulkMessages.missingFile);
    const json = await t.app.inject({ method: 'POST', url: '/api/order/bulk', payload: { file: 'x' }, headers: bearer(tok.agency) });
    expect(json.statusCode).toBe(422);
    expect((await upload(data, { token: tok.associate })).statusCode).toBe(200);
  });
});

describe('POST /api/order/bulk/preview', () => {
  /** The sample's layout: notes first, so every column sits one letter to the right of the keys' order. */
  const headers = [BULK_NOTES_HEADER, ...BULK_COLUMNS.map((c) => BULK_HEADERS[c])];
  const worded = (row: Record<string, string | number>) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [BULK_HEADERS[key as keyof typeof BULK_HEADERS], value]));
  const letter = (column: keyof typeof BULK_HEADERS) => String.fromCharCode(65 + headers.indexOf(BULK_HEADERS[column]));
  const mixed = () =>
    workbook(
      [
        worded(goodRow), // row 2: $28
        worded({ ...goodRow, itemTitle: '' }), // row 3
        worded({ ...goodRow, wordCount: 1000, itemTitle: 'Second' }), // row 4: $52
        worded({ ...goodRow, category: 'Astrology', writingTone: 'Dreamy' }), // row 5
        worded({ ...goodRow, orderType: 'Sonnet' }), // row 6
      ],
      headers,
    );

  it('answers every row, ordered with its price or rejected with each reason and cell, and the total in cents; it writes nothing', async () => {
    const before = await written();
    const res = await preview(await mixed());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: [
        { row: 2, status: 'ordered', orderType: 'Blog Post', title: goodRow.itemTitle, wordCount: '500 Words', priceCents: 2800 },
        { row: 3, status: 'rejected', problems: [{ column: 'Item title', cell: `${letter('itemTitle')}3`, reason: bulkMessages.required('Item title') }] },
        { row: 4, status: 'ordered', orderType: 'Blog Post', title: 'Second', wordCount: '1000 Words', priceCents: 5200 },
        {
          row: 5,
          status: 'rejected',
          problems: [
            { column: 'Category', cell: `${letter('category')}5`, reason: bulkMessages.notAllowed('Category', 'Astrology') },
            { column: 'Writing tone', cell: `${letter('writingTone')}5`, reason: bulkMessages.notAllowed('Writing tone', 'Dreamy') },
          ],
        },
        { row: 6, status: 'rejected', problems: [{ column: 'Order type', cell: `${letter('orderType')}6`, reason: bulkMessages.unknownOrderType }] },
      ],
      ordered: 2,
      rejected: 3,
      totalCents: 8000,
    });
    expect(letter('itemTitle')).toBe('D'); // the notes column comes first
    expect(await written()).toEqual(before);

    // The import of the same sheet does what the preview said: the same rows, reasons and total.
    const placed = await upload(await mixed());
    expect(placed.statusCode, placed.body).toBe(200);
    const rejectedRows = res.json().rows.filter((r: { status: string }) => r.status === 'rejected');
    expect(placed.json().rejected).toEqual(
      rejectedRows.map((r: { row: number; problems: { reason: string }[] }) => ({ row: r.row, reasons: r.problems.map((p) => p.reason) })),
    );
    const detail = (await t.app.inject({ method: 'GET', url: `/api/order/getById/${placed.json().order.id}`, headers: bearer(tok.agency) })).json();
    expect(detail.total * 100).toBe(res.json().totalCents);
    expect(detail.content.map((c: { article_title: string }) => c.article_title)).toEqual([goodRow.itemTitle, 'Second']);
  });

  it('names no cell for a required column the sheet lacks, and answers a sheet with no usable row row by row', async () => {
    // Blog Post needs a publishing medium; this sheet has no such column.
    const noMedium = BULK_COLUMNS.filter((c) => c !== 'publishingMedium');
    const res = await preview(await workbook([{ ...goodRow, category: '' }, goodRow], noMedium));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: [
        {
          row: 2,
          status: 'rejected',
          problems: [
            { column: 'Category', cell: 'B2', reason: bulkMessages.required('Category') },
            { column: 'Publishing medium', cell: null, reason: bulkMessages.required('Publishing medium') },
          ],
        },
        { row: 3, status: 'rejected', problems: [{ column: 'Publishing medium', cell: null, reason: bulkMessages.required('Publishing medium') }] },
      ],
      ordered: 0,
      rejected: 2,
      totalCents: 0,
    });
    // The import refuses that sheet as a whole.
    expect((await upload(await workbook([goodRow], noMedium))).json().message).toBe(messages.bulkNoUsableRow);
  });

  it('refuses what the import refuses: an unreadable or wrong file, missing columns, an empty sheet, a file too large, a bad order type', async () => {
    const before = await written();
    const unreadable = await preview(Buffer.from('not a workbook'));
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json()).toEqual({ code: 'bulk.unreadable', message: bulkMessages.unreadable, errors: { file: [bulkMessages.unreadable] } });
    expect((await preview(await zipOf({ 'a.txt': 'a' }))).json().code).toBe('bulk.unreadable');
    expect((await preview(Buffer.from('a,b'), { name: 'orders.csv', type: 'text/csv' })).json().code).toBe('bulk.only_xlsx');
    const noColumns = await preview(await workbook([goodRow], ['orderType', 'itemTitle']));
    expect(noColumns.statusCode).toBe(422);
    expect(noColumns.json().errors.file[0]).toContain('Category');
    const empty = await preview(await workbook([]));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe(messages.bulkNoUsableRow);
    const big = await preview(Buffer.concat([await workbook([goodRow]), Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(422);
    expect(big.json().message).toBe(bulkMessages.tooLarge);
    expect((await preview(await workbook([goodRow]), { orderType: '' })).json().message).toBe(messages.selectOrderTypeFirst);
    expect((await preview(await workbook([goodRow]), { orderType: 'Sonnet' })).json().code).toBe('bulk.order_type_unknown');
    expect(await written()).toEqual(before);
  });

  it('is for customers: an associate previews, an admin is refused, a visitor must sign in; none writes', async () => {
    const data = await workbook([goodRow, { ...goodRow, itemTitle: '' }]);
    const before = await written();
    const associate = await preview(data, { token: tok.associate });
    expect(associate.statusCode, associate.body).toBe(200);
    expect(associate.json()).toMatchObject({ ordered: 1, rejected: 1, totalCents: 2800 });
    const admin = await preview(data, { token: tok.admin });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('auth.forbidden');
    const visitor = await preview(data, { token: '' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe('auth.unauthenticated');
    expect(await written()).toEqual(before);
  });
});
