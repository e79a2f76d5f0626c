import fs from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatMoney } from '@copydesk/shared';

/**
 * One invoice as a PDF (pdfkit). Names and addresses may be in any script, and pdfkit's built-in
 * Helvetica only knows Latin-1, so the text is set in DejaVu Sans (shipped by the
 * `dejavu-fonts-ttf` package; Bitstream Vera licence: free to embed and redistribute). The fonts are
 * parsed once when this module loads and shared by every document: parsing per document would
 * cost ~35 ms; shared, a one-page invoice takes ~8 ms. Characters DejaVu lacks (CJK) print as
 * their closest Latin form or "?".
 */
const require = createRequire(import.meta.url);
function loadFont(file: string): fontkit.Font {
  const font = fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}
const regular = loadFont('DejaVuSans.ttf');
const bold = loadFont('DejaVuSans-Bold.ttf');

export interface InvoiceLine {
  title: string;
  project: string;
  type: string;
  words: string;
  /** The item's whole price, add-on included. */
  priceCents: number;
  /** The item's add-on, printed on a line of its own with its part of the price. */
  addOn?: string | null;
  addOnPriceCents?: number;
}

export interface InvoiceView {
  number: string;
  date: Date;
  seller: { name: string; addressLines: string[]; website: string };
  billTo: { name: string; company: string | null; email: string; addressLines: string[] };
  /** Order payments list their items; top-ups, admin credits and refunds (credit notes) have one line. */
  kind: 'order' | 'topup' | 'refund';
  orderId: number | null;
  description: string;
  lines: InvoiceLine[];
  subtotalCents: number;
  discountCents: number;
  couponCode: string | null;
  totalCents: number;
  paymentMethod: string;
}

/** Text DejaVu can draw: control characters dropped; missing glyphs → base letter or "?". */
export function printable(text: string): string {
  let out = '';
  // eslint-disable-next-line no-control-regex -- control characters are what this replaces
  for (const char of text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')) {
    if (regular.hasGlyphForCodePoint(char.codePointAt(0)!)) {
      out += char;
      continue;
    }
    const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += base && [...base].every((c) => regular.hasGlyphForCodePoint(c.codePointAt(0)!)) ? base : '?';
  }
  return out;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const GREY = '#555555';
const RULE = '#cccccc';

export function renderInvoicePdf(invoice: InvoiceView, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    compress: options.compress ?? true,
    info: { Title: `${invoice.kind === 'refund' ? 'Credit note' : 'Invoice'} ${invoice.number}`, Author: invoice.seller.name, Subject: invoice.description },
  });
  // pdfkit accepts a parsed fontkit font (anything with layout()); its types only list buffers.
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const half = width / 2;
  const p = printable;

  // Header: seller on the left, invoice number and date on the right.
  const top = doc.y;
  doc.font('bold').fontSize(20).text(p(invoice.seller.name), left, top, { width: half });
  doc.font('regular').fontSize(9).fillColor(GREY);
  for (const line of [...invoice.seller.addressLines, invoice.seller.website]) doc.text(p(line), { width: half });
  const sellerBottom = doc.y;
  const creditNote = invoice.kind === 'refund';
  doc
    .fillColor('black')
    .font('bold')
    .fontSize(20)
    .text(creditNote ? 'CREDIT NOTE' : 'INVOICE', left + half, top, { width: half, align: 'right' });
  doc.font('regular').fontSize(10);
  doc.text(`${creditNote ? 'Credit note' : 'Invoice'} no. ${p(invoice.number)}`, { width: half, align: 'right' });
  doc.text(`Date: ${dateFormat.format(invoice.date)}`, { width: half, align: 'right' });
  if (invoice.orderId) doc.text(`Order #${invoice.orderId}`, { width: half, align: 'right' });
  doc.text(creditNote ? 'Status: Credited to the wallet' : 'Status: Paid', { width: half, align: 'right' });
  doc.y = Math.max(doc.y, sellerBottom) + 24;

  // Bill to.
  doc
    .font('bold')
    .fontSize(10)
    .text(creditNote ? 'Credited to' : 'Bill to', left);
  doc.font('regular');
  for (const line of [invoice.billTo.name, invoice.billTo.company, invoice.billTo.email, ...invoice.billTo.addressLines]) {
    if (line) doc.text(p(line), { width: half });
  }
  doc.moveDown(1.5);

  // Lines.
  // The last column holds money: right-aligned, header included.
  const header = (cells: string[]) =>
    cells.map((text, i) => ({
      text,
      font: { src: 'bold' },
      backgroundColor: '#f0f0f0',
      ...(i === cells.length - 1 ? { align: { x: 'right' as const } } : {}),
    }));
  const money = (cents: number) => ({ text: formatMoney(cents), align: { x: 'right' as const } });
  // An add-on gets a line of its own under its item, so every price in the column adds up to the subtotal.
  const itemRows = (l: InvoiceLine, i: number) => {
    const addOnCents = l.addOn ? (l.addOnPriceCents ?? 0) : 0;
    const item = [String(i + 1), p(l.title || '—'), p(l.project || '—'), p(l.type), p(l.words), money(l.priceCents - addOnCents)];
    if (!l.addOn) return [item];
    return [item, ['', { text: `+ Add-on: ${p(l.addOn)}`, colSpan: 4, textColor: GREY }, money(addOnCents)]];
  };
  const data =
    invoice.kind === 'order'
      ? [header(['#', 'Title', 'Project', 'Type', 'Words', 'Price']), ...invoice.lines.flatMap(itemRows)]
      : [header(['Description', 'Amount']), [p(invoice.description), money(invoice.subtotalCents)]];
  doc.font('regular').fontSize(9);
  doc.table({
    position: { x: left },
    maxWidth: width,
    columnStyles: invoice.kind === 'order' ? [24, '*', 92, 84, 72, 64] : ['*', 90],
    defaultStyle: { border: { top: 0, left: 0, right: 0, bottom: 0.5 }, borderColor: RULE, padding: 5 },
    data,
  });
  doc.moveDown(1);

  // Totals, right-aligned, kept together with the payment method on one page.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 140) doc.addPage();
  const labelX = left + width - 260;
  const total = (label: string, value: string, font: 'regular' | 'bold' = 'regular') => {
    const y = doc.y;
    doc.font(font).fontSize(10).text(label, labelX, y, { width: 170, align: 'right' });
    doc.text(value, labelX + 170, y, { width: 90, align: 'right' });
    doc.moveDown(0.3);
  };
  total('Subtotal', formatMoney(invoice.subtotalCents));
  if (invoice.discountCents > 0) {
    total(invoice.couponCode ? `Coupon discount (${p(invoice.couponCode)})` : 'Discount', `-${formatMoney(invoice.discountCents)}`);
  }
  total(creditNote ? 'Total credited' : 'Total', formatMoney(invoice.totalCents), 'bold');
  doc.moveDown(1.5);

  doc
    .font('regular')
    .fontSize(10)
    .text(creditNote ? `Refunded to: ${p(invoice.paymentMethod)}` : `Payment method: ${p(invoice.paymentMethod)}`, left, doc.y, { width });
  doc.moveDown(2);
  doc
    .fillColor(GREY)
    .fontSize(9)
    .text(`Thank you for your business. ${p(invoice.seller.name)} — ${invoice.seller.website}`, left, doc.y, { width, align: 'center' });

  doc.end();
  return done;
}
