import type ExcelJS from 'exceljs';
import {
  BULK_COLUMNS,
  BULK_MAX_ROWS,
  bulkMessages,
  COPY_TYPES,
  INTENTS,
  isValidLink,
  itemCostCents,
  messages,
  needsPublishMedium,
  optionalFieldsFor,
  orderTotalCents,
  PAGES,
  PERSPECTIVES,
  PRODUCT_NAMES,
  publishMediumOptions,
  purposeOptions,
  splitKeywords,
  TEXT_MAX,
  unsafeTextIn,
  unsafeTextMessage,
  WRITING_TONES,
  type BulkColumn,
  type BulkPreviewResponse,
  type BulkPreviewRow,
  type OrderItemInput,
} from '@copydesk/shared';
import { agencyIdOf } from '../../lib/access.js';
import type { AppContext } from '../../lib/app-context.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { SpreadsheetPoolError, type SpreadsheetPool } from '../../lib/spreadsheet-pool/index.js';
import { looksLikeZip } from '../../lib/zip-guard.js';
import { loadPriceBook, type PriceBook } from '../catalog/catalog.repository.js';
import { queueAwaitingPaymentEmail } from './awaiting-payment.js';
import { ordersRepository } from './orders.repository.js';
import { recordWebhookEvent } from '../webhooks/events.js';
import { orderSnapshot, priceItems } from './orders.service.js';

/**
 * Bulk orders from a spreadsheet: a sample workbook per order type, a preview that says what an
 * import of a sheet would order and reject, and the import, which keeps the usable rows as one unpaid
 * order and reports the others by sheet row number. The preview and the import read and judge a
 * sheet through one function, `checkBulkSheet` (docs/decisions/0039-bulk-order-preview.md).
 */

/** exceljs is large; it loads with the first spreadsheet, not at start-up. */
const loadExcel = async () => (await import('exceljs')).default;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Which item field each column fills. */
const COLUMN_FIELD: Record<BulkColumn, keyof OrderItemInput> = {
  orderType: 'orderType',
  category: 'category',
  itemTitle: 'articleTitle',
  projectName: 'project_name',
  aboutCompany: 'about_company',
  targetAudience: 'target_audience',
  wordCount: 'wordCount',
  purpose: 'purpose',
  writingTone: 'writing_tone',
  publishingMedium: 'publish_medium',
  keywords: 'keyword',
  description: 'description',
  preferredIntent: 'preferred_intent',
  preferredPerspective: 'preferred_perspective',
  websiteLink: 'website_link',
  productPageLink: 'product_page_link',
  whichPage: 'which_page',
  subjectLine: 'subject_line',
  copyType: 'copy_type',
  specification: 'specification',
  ctaSuggestions: 'cta_suggestions',
};

const REQUIRED_COLUMNS: BulkColumn[] = ['category', 'itemTitle', 'projectName', 'aboutCompany', 'targetAudience', 'wordCount', 'purpose', 'writingTone'];

/**
 * The sample sheet's headers, in words. The importer reads a column under its header, under the
 * header with the sample's required mark (` *`), or under its key (`itemTitle`, the sheets made
 * before the headers had words); rejection reasons name columns by these headers.
 */
export const BULK_HEADERS: Record<BulkColumn, string> = {
  orderType: 'Order type',
  category: 'Category',
  itemTitle: 'Item title',
  projectName: 'Project name',
  aboutCompany: 'About company',
  targetAudience: 'Target audience',
  wordCount: 'Word count',
  purpose: 'Purpose',
  writingTone: 'Writing tone',
  publishingMedium: 'Publishing medium',
  keywords: 'Keywords',
  description: 'Description',
  preferredIntent: 'Preferred intent',
  preferredPerspective: 'Preferred perspective',
  websiteLink: 'Website link',
  productPageLink: 'Product page link',
  whichPage: 'Which page',
  subjectLine: 'Subject line',
  copyType: 'Copy type',
  specification: 'Specification',
  ctaSuggestions: 'CTA suggestions',
};

/** The sample's first column, for the person filling the sheet in; the importer reads it only to skip the example. */
export const BULK_NOTES_HEADER = 'Notes (not imported)';
/** The mark of the sample's example row: a row whose notes (or order type) start with "EXAMPLE" is skipped. */
export const BULK_EXAMPLE_MARK = 'EXAMPLE — this row is not imported';
const EXAMPLE_ROW = /^example\b/i;
const REQUIRED_MARK = ' *';

/** Header text → the column it names: the key, the words, the words with the required mark. */
const HEADER_COLUMN = new Map<string, BulkColumn>(
  BULK_COLUMNS.flatMap((column) => [
    [column, column],
    [BULK_HEADERS[column], column],
    [BULK_HEADERS[column] + REQUIRED_MARK, column],
  ]),
);
const READ_HEADERS = [BULK_NOTES_HEADER, ...HEADER_COLUMN.keys()];
const label = (column: BulkColumn) => BULK_HEADERS[column];

/** Allowed values per drop-down column; `freeText` columns keep other text as typed (the Other choices). */
function choicesFor(book: PriceBook, orderType: string): Partial<Record<BulkColumn, { values: readonly string[]; freeText: boolean }>> {
  return {
    category: { values: [...book.categories], freeText: false },
    writingTone: { values: WRITING_TONES, freeText: false },
    preferredIntent: { values: INTENTS, freeText: false },
    preferredPerspective: { values: PERSPECTIVES, freeText: false },
    whichPage: { values: PAGES, freeText: false },
    copyType: { values: COPY_TYPES, freeText: false },
    purpose: { values: purposeOptions(orderType), freeText: true },
    publishingMedium: { values: publishMediumOptions(orderType), freeText: true },
  };
}

function requiredFor(orderType: string): BulkColumn[] {
  return needsPublishMedium(orderType) ? [...REQUIRED_COLUMNS, 'publishingMedium'] : REQUIRED_COLUMNS;
}

/** The field names the form uses for a type, so columns that do not apply are ignored. */
function appliesTo(orderType: string, column: BulkColumn): boolean {
  const field = COLUMN_FIELD[column];
  if (column === 'orderType' || column === 'wordCount' || requiredFor(orderType).includes(column)) return true;
  if (column === 'publishingMedium') return true;
  return optionalFieldsFor(orderType).includes(field as string);
}

/** Why a row is rejected, and the column whose cell caused it. */
export interface RowProblem {
  column: BulkColumn;
  reason: string;
}

export interface ParsedRow {
  row: number;
  item?: OrderItemInput;
  problems: RowProblem[];
}

/** Applies the spreadsheet rules to one row's text values: order type, allowed values, word count, required columns. */
export function parseBulkRow(book: PriceBook, defaultType: string, row: number, cells: Partial<Record<BulkColumn, string>>): ParsedRow {
  // exceljs decodes `_x0000_` to a NUL, which PostgreSQL cannot store: such a row is refused.
  for (const [column, value] of Object.entries(cells) as [BulkColumn, string | undefined][]) {
    const problem = value ? unsafeTextIn(value) : null;
    if (problem) return { row, problems: [{ column, reason: `${label(column)}: ${unsafeTextMessage(problem)}` }] };
  }
  const problems: RowProblem[] = [];
  const orderType = (cells.orderType || defaultType).trim();
  const product = book.products.get(orderType);
  if (!product) return { row, problems: [{ column: 'orderType', reason: bulkMessages.unknownOrderType }] };

  const values: Partial<Record<BulkColumn, string>> = {};
  const choices = choicesFor(book, orderType);
  for (const column of BULK_COLUMNS) {
    if (column === 'orderType' || !appliesTo(orderType, column)) continue;
    let value = (cells[column] ?? '').trim().slice(0, TEXT_MAX);
    const choice = choices[column];
    if (value && choice) {
      const match = choice.values.find((v) => v.toLowerCase() === value.toLowerCase());
      if (match) value = match;
      else if (!choice.freeText) {
        if (requiredFor(orderType).includes(column)) problems.push({ column, reason: bulkMessages.notAllowed(label(column), value) });
        value = '';
      }
    }
    if ((column === 'websiteLink' || column === 'productPageLink') && value && !isValidLink(value)) value = '';
    if (column === 'keywords') value = splitKeywords(value.replace(/=/g, '')).slice(0, 3).join(';');
    values[column] = value;
  }

  const tiers = book.tiers.get(product.id)!;
  const wanted = values.wordCount ?? '';
  const tierTitle = /^\d+$/.test(wanted) ? `${wanted} Words` : wanted;
  const tier = [...tiers.values()].find((t) => t.title.toLowerCase() === tierTitle.toLowerCase());
  if (wanted && !tier) problems.push({ column: 'wordCount', reason: bulkMessages.notAllowed(label('wordCount'), wanted) });

  for (const column of requiredFor(orderType)) {
    if (!values[column] && !problems.some((p) => p.column === column)) problems.push({ column, reason: bulkMessages.required(label(column)) });
  }
  if (problems.length) return { row, problems };

  const item: OrderItemInput = { orderType, wordCount: { word: tier!.title }, addOns: null };
  for (const [column, value] of Object.entries(values) as [BulkColumn, string][]) {
    if (column === 'wordCount' || !value) continue;
    (item as Record<string, unknown>)[COLUMN_FIELD[column]] = value;
  }
  return { row, item, problems };
}

/**
 * What the pool's failures mean to the uploader: 429 with `Retry-After` (the pool's estimate of when
 * a place frees up) when its queue is full, 422 for a file too heavy or too slow to read.
 */
function poolFailure(err: SpreadsheetPoolError): AppError {
  switch (err.reason) {
    case 'busy':
      return new AppError('bulk.import_queue_full').retryAfter(err.retryAfterSeconds ?? 60);
    case 'failed':
      return AppError.field('bulk.import_too_heavy', 'file');
    case 'timeout':
      return AppError.field('bulk.import_too_slow', 'file');
    case 'closed':
      return new AppError('bulk.import_unavailable');
  }
}

/** A row of the sheet as read, with the sheet's cell of each column that holds a problem (`D5`; null when the sheet lacks the column). */
export interface SheetRow extends ParsedRow {
  cellOf: Partial<Record<BulkColumn, string>>;
}

/**
 * Reads the first sheet: headers in row 1 (words or keys), then one item per row; the sample's
 * example row is skipped. The zip pre-check, exceljs and the cell reading run in the spreadsheet
 * pool (lib/spreadsheet-pool), off the event loop. A file that is no workbook is refused as
 * unreadable when the sender called it an .xlsx (`declaredXlsx`), and as the wrong type otherwise.
 */
export async function readBulkSheet(
  book: PriceBook,
  defaultType: string,
  { buffer, declaredXlsx }: { buffer: Buffer; declaredXlsx: boolean },
  spreadsheets: SpreadsheetPool,
): Promise<SheetRow[]> {
  const notWorkbook = () => AppError.field(declaredXlsx ? 'bulk.unreadable' : 'bulk.only_xlsx', 'file');
  // Not a zip at all: refused here rather than spending a worker on it.
  if (!looksLikeZip(buffer)) throw notWorkbook();
  let sheet;
  try {
    sheet = await spreadsheets.readSheet({ data: buffer, columns: READ_HEADERS, maxRows: BULK_MAX_ROWS, maxCellChars: TEXT_MAX });
  } catch (err) {
    if (err instanceof SpreadsheetPoolError) throw poolFailure(err);
    throw err;
  }
  if (!sheet.ok) {
    if (sheet.reason === 'not-xlsx') throw notWorkbook();
    throw AppError.field(sheet.reason === 'too-large' ? 'bulk.file_too_large' : 'bulk.too_many_rows', 'file');
  }
  const found = new Set(sheet.columns.map((header) => HEADER_COLUMN.get(header)));
  const missing = REQUIRED_COLUMNS.filter((c) => !found.has(c));
  if (missing.length) throw new AppError('bulk.missing_columns', undefined, { file: [bulkMessages.missingColumns(missing.map(label))] });
  // Each column's first header in the sheet names its cells when the row leaves them empty.
  const firstHeaderOf = new Map<BulkColumn, string>();
  for (const header of sheet.columns) {
    const column = HEADER_COLUMN.get(header);
    if (column && !firstHeaderOf.has(column)) firstHeaderOf.set(column, header);
  }
  const parsed: SheetRow[] = [];
  for (const [index, { row, cells }] of sheet.rows.entries()) {
    // The rules run here, on the event loop (5,000 rows take about half a second): other requests
    // get their turn every few hundred rows.
    if (index > 0 && index % RULES_SLICE_ROWS === 0) await new Promise((resolve) => setImmediate(resolve));
    const { values: byColumn, headers } = cellsByColumn(cells);
    if (EXAMPLE_ROW.test(cells[BULK_NOTES_HEADER] ?? '') || EXAMPLE_ROW.test(byColumn.orderType ?? '')) continue;
    // A row with nothing but a note holds no item.
    if (!Object.values(byColumn).some(Boolean)) continue;
    const result = parseBulkRow(book, defaultType, row, byColumn);
    const cellOf: SheetRow['cellOf'] = {};
    for (const { column } of result.problems) {
      const header = headers[column] ?? firstHeaderOf.get(column);
      const letter = header === undefined ? undefined : sheet.letters[header];
      if (letter) cellOf[column] = `${letter}${row}`;
    }
    parsed.push({ ...result, cellOf });
  }
  return parsed;
}

/** Rows checked between two turns of the event loop. */
const RULES_SLICE_ROWS = 200;

/** A row's cells by column, whichever header named each (the first non-empty one wins), and the header each value came from. */
function cellsByColumn(cells: Record<string, string>) {
  const values: Partial<Record<BulkColumn, string>> = {};
  const headers: Partial<Record<BulkColumn, string>> = {};
  for (const [header, value] of Object.entries(cells)) {
    const column = HEADER_COLUMN.get(header);
    if (column && !values[column]) {
      values[column] = value;
      if (value) headers[column] = header;
    }
  }
  return { values, headers };
}

interface Actor {
  id: number;
  name: string;
  role: 'admin' | 'agency' | 'associate';
  agencyId: number | null;
}

/**
 * Items a bulk import writes per transaction. The embedded database has one connection: while a
 * transaction runs, every other request waits for it (a 5,000-row import in one transaction held
 * them for over 4 s; this many rows hold them for well under a tenth of a second).
 */
export const IMPORT_CHUNK_ROWS = 100;

/**
 * Saves an imported order and its items so that no request waits long behind it, yet nobody sees it
 * half-made (docs/decisions/0029-imports-in-chunks-and-message-digests.md): the order is inserted hidden (deleted:
 * in no list, refused by payment), its items follow in short transactions of `IMPORT_CHUNK_ROWS`,
 * and one last transaction shows it and queues its email. When a step fails, the hidden order and
 * its items are removed and the caller gets the error: the import is all or nothing.
 */
async function saveInChunks(
  ctx: AppContext,
  { user, agencyId, totalCents, rows }: { user: Actor; agencyId: number; totalCents: number; rows: Parameters<typeof ordersRepository.insertItems>[2] },
): Promise<number> {
  const { db } = ctx;
  const orderId = await ordersRepository.insertOrder(db, { userId: user.id, agencyId, totalCents, itemCount: rows.length, hidden: true });
  try {
    for (let i = 0; i < rows.length; i += IMPORT_CHUNK_ROWS) {
      await db.transaction((tx) => ordersRepository.insertItems(tx, orderId, rows.slice(i, i + IMPORT_CHUNK_ROWS)));
      // Requests that arrived meanwhile go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await db.transaction(async (tx) => {
      if (!(await ordersRepository.revealOrder(tx, orderId))) throw new Error(`bulk import: order ${orderId} vanished before it was shown`);
      await queueAwaitingPaymentEmail(tx, { orderedBy: user, orderId, totalCents, itemCount: rows.length, publicUrl: ctx.config.publicUrl });
      // Created when it is shown, in the transaction that shows it (docs/decisions/0044-webhooks.md).
      await recordWebhookEvent(tx, { type: 'order.created', ownerId: agencyId, orderId, data: () => orderSnapshot(tx, orderId) });
    });
    return orderId;
  } catch (err) {
    await db
      .transaction((tx) => ordersRepository.discardHiddenOrder(tx, orderId))
      .catch((cleanup: unknown) => {
        // Still hidden and unpaid: nobody sees or pays it; the next attempt starts a new order.
        ctx.log?.warn({ orderId, err: cleanup }, 'a failed bulk import left its hidden order behind');
      });
    throw err;
  }
}

/** What the housekeeping job (plugins/housekeeping.ts) removes for imports: orders left hidden by a server that stopped part-way. */
export const bulkImportSweeps = [(db: Database) => ordersRepository.discardAbandonedImports(db)];

/** An uploaded sheet: the order type chosen beside it, its bytes, and whether its sender called it an .xlsx (by name or type). */
export interface BulkUpload {
  orderType: string;
  buffer: Buffer;
  declaredXlsx: boolean;
}

/**
 * Everything an import of the sheet would do short of writing: the caller's agency, the rows read
 * and judged, and the usable ones priced from the catalogue. The preview answers it; the import
 * saves it. Nothing here writes.
 */
async function checkBulkSheet(ctx: AppContext, user: Actor, input: BulkUpload) {
  const agencyId = agencyIdOf(user);
  if (agencyId === null) throw new AppError('auth.forbidden');
  if (!(PRODUCT_NAMES as readonly string[]).includes(input.orderType)) throw AppError.field('bulk.order_type_unknown', 'order_type');
  const book = await loadPriceBook(ctx.db);
  const parsed = await readBulkSheet(book, input.orderType, input, ctx.spreadsheets);
  const usable = parsed.filter((p) => p.item);
  const { rows, priced } = priceItems(
    book,
    usable.map((p) => p.item!),
  );
  return { agencyId, parsed, usable, rows, priced, totalCents: orderTotalCents(priced) };
}

/**
 * What importing the sheet would order, row by row, without writing anything: each row ordered
 * (its type, title, tier and price) or rejected (each reason with its column and cell), and the
 * total of the ordered rows. A sheet without a usable row is answered too, every row rejected; what
 * the import refuses as a whole file (unreadable, too large, columns missing) the preview refuses alike.
 */
export async function previewBulkOrder(ctx: AppContext, user: Actor, input: BulkUpload): Promise<BulkPreviewResponse> {
  const { parsed, priced, totalCents } = await checkBulkSheet(ctx, user, input);
  if (!parsed.length) throw new AppError('bulk.no_usable_row', undefined, { file: [messages.bulkNoUsableRow] });
  let next = 0;
  const rows = parsed.map((p): BulkPreviewRow => {
    if (!p.item) {
      const problems = p.problems.map(({ column, reason }) => ({ column: label(column), cell: p.cellOf[column] ?? null, reason }));
      return { row: p.row, status: 'rejected', problems };
    }
    // Priced in the order of the usable rows.
    const price = priced[next++]!;
    return {
      row: p.row,
      status: 'ordered',
      orderType: price.orderType,
      title: p.item.articleTitle ?? '',
      wordCount: price.wordTitle,
      priceCents: itemCostCents(price),
    };
  });
  return { rows, ordered: priced.length, rejected: parsed.length - priced.length, totalCents };
}

/** Imports a bulk sheet as one unpaid order of the caller. */
export async function importBulkOrder(ctx: AppContext, user: Actor, input: BulkUpload) {
  const { agencyId, parsed, rows, totalCents } = await checkBulkSheet(ctx, user, input);
  const rejected = parsed.filter((p) => !p.item).map(({ row, problems }) => ({ row, reasons: problems.map((p) => p.reason) }));
  if (!rows.length) {
    const firstReasons = rejected.slice(0, 20).map((r) => `Row ${r.row}: ${r.reasons.join(' ')}`);
    throw new AppError('bulk.no_usable_row', undefined, { file: firstReasons.length ? firstReasons : [messages.bulkNoUsableRow] });
  }
  const id = await saveInChunks(ctx, { user, agencyId, totalCents, rows });
  return { message: bulkMessages.saved(rows.length, rejected.length), order: { id }, rejected };
}

const NOTES_KEY = 'notes';

const SAMPLE_ROW: Record<string, Partial<Record<BulkColumn, string>>> = {
  default: {
    category: 'Technology',
    itemTitle: 'How small teams ship reliable software',
    projectName: 'Company blog',
    aboutCompany: 'We build developer tools for small teams.',
    targetAudience: 'Engineering leads at start-ups',
    purpose: 'Informative',
    writingTone: 'Explanatory',
    keywords: 'software delivery;small teams;reliability',
    description: 'Cover testing, code review and release habits with practical examples.',
    preferredIntent: 'Informative',
    preferredPerspective: 'Second person',
    websiteLink: 'https://www.example.com',
    specification: 'Use British spelling.',
  },
};

/**
 * A workbook whose first row holds the headers in words (required ones marked ` *`), after a notes
 * column; a marked example row the importer skips; and the allowed values with drop-downs.
 */
export async function buildSampleWorkbook(ctx: AppContext, _actor: Actor, orderType: string | undefined): Promise<Buffer> {
  const { db } = ctx;
  if (!orderType) throw AppError.field('bulk.order_type_required', 'order_type');
  const book = await loadPriceBook(db);
  const product = book.products.get(orderType);
  if (!product) throw new AppError('request.not_found');
  const tiers = [...book.tiers.get(product.id)!.values()].sort((a, b) => a.words - b.words).map((t) => t.title);
  const choices = choicesFor(book, orderType);

  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'Copydesk';
  const sheet = workbook.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  const required = requiredFor(orderType);
  sheet.columns = [
    { header: BULK_NOTES_HEADER, key: NOTES_KEY, width: 36 },
    ...BULK_COLUMNS.map((key) => {
      const header = label(key) + (required.includes(key) ? REQUIRED_MARK : '');
      return { header, key, width: Math.max(16, header.length + 4) };
    }),
  ];
  sheet.getRow(1).font = { bold: true };

  const example: Partial<Record<BulkColumn, string>> = { ...SAMPLE_ROW.default, orderType, wordCount: tiers[0] };
  example.purpose = purposeOptions(orderType)[0];
  example.publishingMedium = publishMediumOptions(orderType)[0];
  for (const column of BULK_COLUMNS) if (!appliesTo(orderType, column)) delete example[column];
  if (orderType === 'Product Description') example.productPageLink = 'https://www.example.com/products/daypack';
  if (optionalFieldsFor(orderType).includes('subject_line')) example.subjectLine = 'Your spring picks are here';
  if (optionalFieldsFor(orderType).includes('which_page')) example.whichPage = 'Homepage';
  if (optionalFieldsFor(orderType).includes('copy_type')) example.copyType = 'Website';
  if (optionalFieldsFor(orderType).includes('cta_suggestions')) example.ctaSuggestions = 'Start your free trial';
  const exampleRow = sheet.addRow({ ...example, [NOTES_KEY]: BULK_EXAMPLE_MARK });
  // Marked so nobody mistakes it for an order: amber, italic; the importer skips it by the mark.
  exampleRow.font = { italic: true, color: { argb: 'FF7A4B00' } };
  for (let col = 1; col <= BULK_COLUMNS.length + 1; col++) {
    exampleRow.getCell(col).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3BF' } };
  }
  exampleRow.getCell(NOTES_KEY).font = { bold: true, italic: true, color: { argb: 'FF7A4B00' } };

  // Allowed values on a second sheet, one column each, with drop-downs on the order sheet.
  const lists = workbook.addWorksheet('Allowed values');
  // exceljs supports range validations at runtime but leaves them out of its types.
  const validations = (sheet as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations;
  const listColumns: [BulkColumn, readonly string[]][] = [
    ['orderType', PRODUCT_NAMES],
    ['wordCount', tiers],
    ...(Object.entries(choices) as [BulkColumn, { values: readonly string[] }][]).map(([c, v]) => [c, v.values] as [BulkColumn, readonly string[]]),
  ];
  listColumns.forEach(([column, values], i) => {
    const letter = lists.getColumn(i + 1).letter;
    lists.getColumn(i + 1).width = 28;
    lists.getCell(`${letter}1`).value = label(column);
    lists.getCell(`${letter}1`).font = { bold: true };
    values.forEach((value, j) => (lists.getCell(`${letter}${j + 2}`).value = value));
    const target = sheet.getColumn(column).letter;
    const freeText = choices[column]?.freeText ?? false;
    validations.add(`${target}2:${target}${BULK_MAX_ROWS + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`'Allowed values'!$${letter}$2:$${letter}$${values.length + 1}`],
      showErrorMessage: !freeText,
      errorStyle: freeText ? 'information' : 'stop',
      error: `Choose one of the allowed values for ${label(column)}.`,
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
