import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import * as invoices from './invoices.service.js';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];
const linkResponse = z.object({ link: z.url() });

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, config: app.config };
  if (app.config.appKeyGenerated) {
    app.log.warn(
      'APP_KEY is not set: invoice links are signed with a random key of this process, so they stop working after a restart and on other instances. Set APP_KEY (required in production).',
    );
  }

  app.get(
    '/order/downloadinvoice/:id',
    { schema: { tags, security, params: z.object({ id: z.string().max(40) }), response: { 200: linkResponse } }, onRequest: requireAuth() },
    async (request) => invoices.invoiceLink(ctx, currentUser(request), request.params.id),
  );

  // The spec's "invoice download with no payment id".
  app.get('/order/downloadinvoice', { schema: { tags, security }, onRequest: requireAuth() }, async () => {
    throw new AppError('NOT_FOUND', messages.paymentInfoNotFound);
  });

  app.get(
    '/invoices/:file',
    {
      schema: {
        tags,
        summary: 'The invoice PDF behind a signed link from /order/downloadinvoice (no bearer header)',
        params: z.object({ file: z.string().max(40) }),
        querystring: z.object({ expires: z.unknown().optional(), signature: z.unknown().optional() }),
      },
      config: { rateLimit: { max: 120, timeWindow: 60_000, errorResponseBuilder: () => ({ statusCode: 429, message: messages.tooManyRequests }) } },
    },
    async (request, reply) => {
      const { filename, pdf } = await invoices.invoicePdf(ctx, request.params.file, request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
