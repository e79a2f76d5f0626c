import { ZipFile } from 'yazl';

/**
 * A real, minimal Word document (the parts Word itself needs), for delivery tests and the bench.
 * `paragraphs` may hold markup-looking text; it is escaped as Word would store it.
 */
const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Default Extension="bin" ContentType="application/octet-stream"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>`;

const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>`;

export interface DocxOptions {
  /** Paragraphs; one starting with '# ' becomes a heading. */
  paragraphs: string[];
  /** A hyperlink paragraph (text, url). */
  link?: { text: string; url: string };
  /** Incompressible bytes stored in the package, to reach a file size (bench: a 2 MB delivery). */
  paddingBytes?: number;
}

function documentXml({ paragraphs, link }: DocxOptions): string {
  const body = paragraphs
    .map((p) =>
      p.startsWith('# ')
        ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">${escapeXml(p.slice(2))}</w:t></w:r></w:p>`
        : `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`,
    )
    .join('');
  const hyperlink = link ? `<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>${escapeXml(link.text)}</w:t></w:r></w:hyperlink></w:p>` : '';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>${body}${hyperlink}</w:body></w:document>`;
}

function documentRels(link?: { url: string }): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${
    link
      ? `<Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${escapeXml(link.url)}" TargetMode="External"/>`
      : ''
  }</Relationships>`;
}

export async function makeDocx(options: DocxOptions | string[]): Promise<Buffer> {
  const opts = Array.isArray(options) ? { paragraphs: options } : options;
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(RELS), '_rels/.rels');
  zip.addBuffer(Buffer.from(documentXml(opts)), 'word/document.xml');
  zip.addBuffer(Buffer.from(documentRels(opts.link)), 'word/_rels/document.xml.rels');
  if (opts.paddingBytes) {
    const { randomBytes } = await import('node:crypto');
    zip.addBuffer(randomBytes(opts.paddingBytes), 'word/embeddings/padding.bin', { compress: false });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
