// The bulk-order spreadsheet the benches import: the template's columns, one Blog Post per row.
import ExcelJS from 'exceljs';
import { BULK_COLUMNS } from '@copydesk/shared';

const ROW: Record<string, string> = {
  orderType: 'Blog Post',
  category: 'Technology',
  projectName: 'Bench project',
  aboutCompany: 'Bench company',
  targetAudience: 'Readers',
  wordCount: '500 Words',
  purpose: 'Informative',
  writingTone: 'Casual',
  publishingMedium: 'Own Website',
  keywords: 'one;two;three',
  description: 'A brief that is long enough to look like a real one, with a sentence or two of guidance.',
};

/** A sheet of `rows` orders titled "Bulk item 1", "Bulk item 2", …, as an .xlsx file. */
export async function bulkSheet(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow([...BULK_COLUMNS]);
  for (let i = 0; i < rows; i++) ws.addRow(BULK_COLUMNS.map((k) => (k === 'itemTitle' ? `Bulk item ${i + 1}` : (ROW[k] ?? null))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
