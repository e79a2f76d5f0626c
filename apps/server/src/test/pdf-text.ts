import zlib from 'node:zlib';

/**
 * The text of a pdfkit PDF, loosely: one line per text-showing operator, for tests. pdfkit
 * compresses streams (Flate) and, with an embedded TrueType font, writes glyph ids rather than
 * characters, so this inflates the streams and maps glyph ids back through each font's ToUnicode
 * CMap. Enough for pdfkit's own output; not a general PDF parser.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  const header = /(\d+) 0 obj\s*/g;
  let m: RegExpExecArray | null;
  while ((m = header.exec(raw))) {
    const start = m.index + m[0].length;
    const streamAt = raw.indexOf('stream', start);
    const endAt = raw.indexOf('endobj', start);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = raw.slice(start, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? 0);
      const dataStart = streamAt + 'stream'.length + (raw[streamAt + 6] === '\r' ? 2 : 1);
      let data = pdf.subarray(dataStart, dataStart + length);
      if (/\/Filter \/FlateDecode/.test(dict)) data = zlib.inflateSync(data);
      objects.set(Number(m[1]), { dict, stream: data.toString('latin1') });
      header.lastIndex = dataStart + length;
    } else {
      objects.set(Number(m[1]), { dict: raw.slice(start, endAt), stream: null });
    }
  }

  // Font resource name (F1) → glyph id → text, through the font's ToUnicode CMap.
  const cmapOf = (fontObject: number) => {
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontObject)?.dict ?? '')?.[1];
    const cmap = new Map<number, string>();
    const text = toUnicode ? (objects.get(Number(toUnicode))?.stream ?? '') : '';
    for (const range of text.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const first = parseInt(range[1]!, 16);
      [...range[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((entry, i) => {
        const units = entry[1]!
          .trim()
          .split(/\s+/)
          .map((h) => parseInt(h, 16));
        cmap.set(first + i, String.fromCharCode(...units));
      });
    }
    return cmap;
  };
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const ref of dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) if (!fonts.has(ref[1]!)) fonts.set(ref[1]!, cmapOf(Number(ref[2])));
  }

  const lines: string[] = [];
  for (const { stream } of objects.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let cmap = new Map<number, string>();
    for (const op of stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[^\]])*)\] TJ|<([0-9a-f]*)> Tj/gi)) {
      if (op[1]) {
        cmap = fonts.get(op[1]) ?? new Map();
        continue;
      }
      const hex = (op[2] ?? op[3] ?? '').match(/<([0-9a-f]*)>/gi)?.map((h) => h.slice(1, -1)) ?? [op[3] ?? ''];
      let line = '';
      for (const h of hex) for (let i = 0; i + 4 <= h.length; i += 4) line += cmap.get(parseInt(h.slice(i, i + 4), 16)) ?? '\uFFFD';
      lines.push(line);
    }
  }
  return lines.join('\n');
}
