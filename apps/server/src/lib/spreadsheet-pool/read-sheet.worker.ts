import ExcelJS from 'exceljs';
import { runInBackground } from '../background-priority.js';
import { inspectZip, XLSX_LIMITS } from '../zip-guard.js';

/**
 * Runs in a worker process of the spreadsheet pool (./index.ts), never on the server's event loop:
 * the zip pre-check, exceljs and the cell reading of one upload. It returns plain data (structured
 * clone), and the caller applies its own rules to the rows.
 */
export interface ReadSheetTask {
  data: Uint8Array;
  /** Header keys to look for in row 1; other headers are ignored. */
  columns: readonly string[];
  /** Data rows allowed below the header. */
  maxRows: number;
  /**
   * Cell text is trimmed and cut to this many characters: the server keeps far fewer, and sending
   * megabytes of text back would cost the event loop what the worker saved it.
   */
  maxCellChars: number;
}

export type ReadSheetResult =
  | {
      ok: true;
      columns: string[];
      /** The sheet's column letter of each header found (`D`), so that a caller can name a cell (`D5`). */
      letters: Record<string, string>;
      rows: { row: number; cells: Record<string, string> }[];
    }
  | { ok: false; reason: 'not-xlsx' | 'too-large' | 'too-many-rows' };

export default async function readSheet({ data, columns, maxRows, maxCellChars }: ReadSheetTask): Promise<ReadSheetResult> {
  runInBackground();
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const verdict = await inspectZip(buffer, XLSX_LIMITS);
  if (!verdict.ok) return { ok: false, reason: verdict.reason === 'too-large' ? 'too-large' : 'not-xlsx' };

  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(
      buffer as unknown as ExcelJS.Buffer,
      {
        ignoreNodes: ['dataValidations', 'conditionalFormatting', 'hyperlinks', 'drawing', 'picture', 'extLst'],
      } as never,
    );
  } catch {
    return { ok: false, reason: 'not-xlsx' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, reason: 'not-xlsx' };
  if (sheet.rowCount > maxRows + 1) return { ok: false, reason: 'too-many-rows' };

  const columnOf = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = cell.text.trim();
    if (columns.includes(key) && !columnOf.has(key)) columnOf.set(key, col);
  });
  const rows: { row: number; cells: Record<string, string> }[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: Record<string, string> = {};
    let empty = true;
    for (const [column, col] of columnOf) {
      const text = cut((row.getCell(col).text ?? '').trim(), maxCellChars);
      if (text) empty = false;
      cells[column] = text;
    }
    if (!empty) rows.push({ row: r, cells });
  }
  const letters = Object.fromEntries([...columnOf].map(([key, col]) => [key, sheet.getColumn(col).letter]));
  return { ok: true, columns: [...columnOf.keys()], letters, rows };
}

/** The first `max` characters, without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
