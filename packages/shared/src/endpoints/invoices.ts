import { invoiceLinkParamsSchema, invoiceLinkResponseSchema, invoicePdfParamsSchema, invoicePdfQuerySchema } from '../schemas/billing.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['billing'];

/** Invoice PDFs: a signed link per payment, then the PDF behind it without the bearer header (docs/decisions/0026-invoices.md). */
export const invoiceEndpoints = {
  getInvoiceLink: defineEndpoint({
    ...routes.getInvoiceLink,
    access: 'signed-in',
    tags,
    params: invoiceLinkParamsSchema,
    response: { 200: invoiceLinkResponseSchema },
  }),
  /** The spec's "invoice download with no payment id": always 404. */
  getInvoiceLinkWithoutId: defineEndpoint({
    ...routes.getInvoiceLinkWithoutId,
    access: 'signed-in',
    tags,
  }),
  getInvoicePdf: defineEndpoint({
    ...routes.getInvoicePdf,
    access: 'public',
    summary: 'The invoice PDF behind a signed link from /order/downloadinvoice (no bearer header)',
    tags,
    params: invoicePdfParamsSchema,
    query: invoicePdfQuerySchema,
    download: true,
  }),
};
