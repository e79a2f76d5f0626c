import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_MAX_BYTES, bulkMessages, endpoints, messages } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import { buildSampleWorkbook, importBulkOrder, XLSX_MIME } from './bulk-orders.service.js';
import { bulkImportRateLimit } from './bulk-orders.limits.js';
import * as orders from './orders.service.js';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyone = { onRequest: requireAuth() };
  const orderers = { onRequest: requireAuth('orders.create') };
  const managers = { onRequest: requireAuth('orders.manage') };

  route(app, endpoints.listOrders, anyone, async (request) => orders.listOrders(app.db, currentUser(request), request.query));

  route(app, endpoints.createOrder, orderers, async (request) =>
    orders.createOrder(app.db, currentUser(request), request.body, { publicUrl: app.config.publicUrl }),
  );

  route(app, endpoints.countOrders, anyone, async (request) => orders.countOrders(app.db, currentUser(request), request.params.status));

  route(app, endpoints.getOrder, anyone, async (request) => orders.getOrder(app.db, currentUser(request), request.params.id));

  route(app, endpoints.deleteOrder, managers, async (request) => orders.deleteOrder(app.db, currentUser(request), request.params.id));

  route(app, endpoints.updateContent, managers, async (request) => orders.updateContent(app.db, currentUser(request), request.params.id, request.body));

  route(app, endpoints.deleteContent, managers, async (request) => orders.deleteContent(app.db, currentUser(request), request.params.id));

  route(app, endpoints.listProjects, orderers, async (request) => orders.listProjects(app.db, currentUser(request)));

  route(app, endpoints.getBulkSample, orderers, async (request, reply) => {
    const buffer = await buildSampleWorkbook(app.db, request.query.order_type);
    const name = `copydesk-bulk-${request.query.order_type!.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.xlsx`;
    return reply.type(XLSX_MIME).header('Content-Disposition', `attachment; filename="${name}"`).send(buffer);
  });

  route(app, endpoints.uploadBulkOrder, { ...orderers, config: bulkImportRateLimit(app.config.bulkImportsPerMinute) }, async (request) => {
    const upload = await readMultipart(request, { fileField: 'file', maxBytes: BULK_MAX_BYTES });
    if (!upload?.file) throw AppError.field('file', upload ? bulkMessages.missingFile : messages.onlyXlsx);
    if (upload.tooLarge) throw AppError.field('file', bulkMessages.tooLarge);
    const orderType = upload.fields.order_type?.trim();
    if (!orderType) throw AppError.field('order_type', messages.selectOrderTypeFirst);
    return importBulkOrder(app.db, currentUser(request), { orderType, buffer: upload.file, publicUrl: app.config.publicUrl, spreadsheets: app.spreadsheets });
  });
};
