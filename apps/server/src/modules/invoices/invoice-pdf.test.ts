import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import { printable, renderInvoicePdf, type InvoiceView } from './invoice-pdf.js';

const view = (overrides: Partial<InvoiceView> = {}): InvoiceView => ({
  number: 'CD-2026-000042',
  date: new Date('2026-03-05T23:30:00Z'),
  seller: { name: 'Copydesk', addressLines: [], website: 'http://copydesk.test' },
  billTo: { name: 'Alex Agency', company: 'Acme Media', email: 'agency@example.com', addressLines: ['500 Market Street'] },
  kind: 'order',
  orderId: 12,
  description: 'Order Payment #12',
  lines: [{ title: 'Ten ways to ship faster', project: 'Acme blog', type: 'Blog Post', words: '500 Words', priceCents: 2800 }],
  subtotalCents: 2800,
  discountCents: 0,
  couponCode: null,
  totalCents: 2800,
  paymentMethod: 'Wallet',
  ...overrides,
});

describe('invoice PDF', () => {
  it('dates the invoice in UTC and compresses its streams', async () => {
    const pdf = await renderInvoicePdf(view());
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pdfText(pdf)).toContain('Date: March 5, 2026');
  });

  it('keeps scripts DejaVu covers and replaces what it cannot draw', () => {
    expect(printable('Zoë Łukasiewicz, Ωmega, ООО «Ромашка», שלום')).toBe('Zoë Łukasiewicz, Ωmega, ООО «Ромашка», שלום');
    expect(printable('株式会社 Acme')).toBe('???? Acme');
    expect(printable('ﬁle\u0000name\nline')).toBe('ﬁle name line');
  });

  it('puts each add-on on a line of its own under its item, so the prices add up to the subtotal', async () => {
    const lines = [
      {
        title: 'Ranking guide',
        project: 'Acme blog',
        type: 'Blog Post',
        words: '500 Words',
        priceCents: 3800,
        addOn: 'SEO Optimisation',
        addOnPriceCents: 1000,
      },
      { title: 'Plain post', project: 'Acme blog', type: 'Blog Post', words: '500 Words', priceCents: 2800, addOn: null, addOnPriceCents: 0 },
    ];
    const text = pdfText(await renderInvoicePdf(view({ lines, subtotalCents: 6600, totalCents: 6600 })));
    expect(text).toMatch(/Ranking guide\nAcme blog\nBlog Post\n500 Words\n\$28\.00\n\+ Add-on: SEO Optimisation\n\$10\.00\n2\nPlain post/);
    expect(text.match(/Add-on/g)).toHaveLength(1);
    expect(text).toMatch(/Subtotal\n\$66\.00/);
  });

  it('runs a long order onto further pages with every line and the total', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      title: `Article number ${i + 1}`,
      project: 'Bulk',
      type: 'Blog Post',
      words: '500 Words',
      priceCents: 2800,
    }));
    const pdf = await renderInvoicePdf(view({ lines, subtotalCents: 60 * 2800, totalCents: 60 * 2800 }));
    const text = pdfText(pdf);
    expect(text).toContain('Article number 1\n');
    expect(text).toContain('Article number 60\n');
    expect(text).toMatch(/Total\n\$1,680\.00/);
    expect((pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
  });
});
