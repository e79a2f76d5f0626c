import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../lib/access.js';
import * as invoices from './invoices.service.js';

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  if (app.config.appKeyGenerated) {
    app.log.warn(
      'APP_KEY is not set: invoice links are signed with a random key of this process, so they stop working after a restart and on other instances. Set APP_KEY (required in production).',
    );
  }

  route(app, endpoints.getInvoiceLink, {}, async (request) => invoices.invoiceLink(ctx, currentUser(request), { id: request.params.id }));

  // The invoice download with no payment id, kept from the original portal's calls: always 404.
  route(app, endpoints.getInvoiceLinkWithoutId, {}, async () => {
    throw new AppError('payment.not_found');
  });

  route(
    app,
    endpoints.getInvoicePdf,
    { config: { rateLimit: { max: 120, timeWindow: 60_000, errorResponseBuilder: () => new AppError('rate_limit.exceeded') } } },
    async (request, reply) => {
      const { filename, pdf } = await invoices.invoicePdf(ctx, { file: request.params.file, query: request.query });
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(filename, { type: 'inline' }))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
