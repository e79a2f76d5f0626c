import yauzl from 'yauzl';

/**
 * Checks an Office Open XML upload (.xlsx, .docx) before a parser sees it. exceljs and mammoth have
 * no limits of their own: a truncated zip can hang them and a small file can inflate to gigabytes.
 * This walks the zip, inflating every entry while counting real bytes, and gives up early.
 */
export interface ZipLimits {
  maxEntries: number;
  maxInflatedBytes: number;
  maxRatio: number;
  /** Entries the format must contain, e.g. `xl/workbook.xml`. */
  required: string[];
}

export type ZipVerdict = { ok: true } | { ok: false; reason: 'not-zip' | 'corrupt' | 'missing-parts' | 'too-large' };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The local-file-header magic every zip (and so every .xlsx and .docx) starts with. */
export const looksLikeZip = (buffer: Buffer) => buffer.length >= 4 && buffer.subarray(0, 4).equals(ZIP_MAGIC);

export function inspectZip(buffer: Buffer, limits: ZipLimits): Promise<ZipVerdict> {
  if (!looksLikeZip(buffer)) return Promise.resolve({ ok: false, reason: 'not-zip' });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (verdict: ZipVerdict, zip?: yauzl.ZipFile) => {
      if (settled) return;
      settled = true;
      zip?.close();
      resolve(verdict);
    };
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return finish({ ok: false, reason: 'corrupt' });
      const seen = new Set<string>();
      let entries = 0;
      let inflated = 0;
      zip.on('error', () => finish({ ok: false, reason: 'corrupt' }, zip));
      zip.on('end', () => {
        if (!limits.required.every((name) => seen.has(name))) return finish({ ok: false, reason: 'missing-parts' }, zip);
        finish({ ok: true }, zip);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        if (entries > limits.maxEntries) return finish({ ok: false, reason: 'too-large' }, zip);
        seen.add(entry.fileName);
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return finish({ ok: false, reason: 'corrupt' }, zip);
          stream.on('data', (chunk: Buffer) => {
            inflated += chunk.length;
            if (inflated > limits.maxInflatedBytes || inflated > buffer.length * limits.maxRatio) {
              stream.destroy();
              finish({ ok: false, reason: 'too-large' }, zip);
            }
          });
          stream.on('error', () => finish({ ok: false, reason: 'corrupt' }, zip));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.readEntry();
    });
  });
}

export const XLSX_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxInflatedBytes: 60 * 1024 * 1024,
  maxRatio: 200,
  required: ['[Content_Types].xml', 'xl/workbook.xml'],
};

export const DOCX_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxInflatedBytes: 60 * 1024 * 1024,
  maxRatio: 200,
  required: ['[Content_Types].xml', 'word/document.xml'],
};

/** Rejects after `ms` so a parser that never settles cannot hold a request forever. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(onTimeout()), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
