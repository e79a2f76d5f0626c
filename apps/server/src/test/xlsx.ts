import yazl from 'yazl';

/** The bulk sheet's required headers, as keys (the importer reads a column under its key too). */
const REQUIRED = ['category', 'itemTitle', 'projectName', 'aboutCompany', 'targetAudience', 'wordCount', 'purpose', 'writingTone', 'publishingMedium'];

/**
 * An .xlsx written directly (inline strings, one sheet of the required columns), fast to build even
 * at thousands of rows: `text(row, col)` fills each data cell.
 */
export async function rawSheet(rows: number, text: (row: number, col: number) => string): Promise<Buffer> {
  const letter = (c: number) => String.fromCharCode(65 + c);
  const cell = (value: string, c: number, r: number) => `<c r="${letter(c)}${r}" t="inlineStr"><is><t>${value}</t></is></c>`;
  const body = [`<row r="1">${REQUIRED.map((k, c) => cell(k, c, 1)).join('')}</row>`];
  for (let r = 2; r <= rows + 1; r++) body.push(`<row r="${r}">${REQUIRED.map((_, c) => cell(text(r, c), c, r)).join('')}</row>`);
  const ns = 'http://schemas.openxmlformats.org';
  const parts: Record<string, string> = {
    '[Content_Types].xml': `<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Orders" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${body.join('')}</sheetData></worksheet>`,
  };
  const zip = new yazl.ZipFile();
  for (const [name, xml] of Object.entries(parts)) zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${xml}`), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
