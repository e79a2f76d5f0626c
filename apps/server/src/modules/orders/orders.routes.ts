import contentDisposition from 'content-disposition';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_MAX_BYTES, endpoints } from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser } from '../../lib/access.js';
import { buildSampleWorkbook, importBulkOrder, previewBulkOrder, XLSX_MIME, type BulkUpload } from './bulk-orders.service.js';
import { bulkImportRateLimit } from './bulk-orders.limits.js';
import * as orders from './orders.service.js';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, endpoints.listOrders, {}, async (request) => orders.listOrders(ctx, currentUser(request), request.query));

  route(app, endpoints.createOrder, {}, async (request) => orders.createOrder(ctx, currentUser(request), request.body));

  route(app, endpoints.countOrders, {}, async (request) => orders.countOrders(ctx, currentUser(request), request.params.status));

  route(app, endpoints.getOrder, {}, async (request) => orders.getOrder(ctx, currentUser(request), request.params.id));

  route(app, endpoints.deleteOrder, {}, async (request) => orders.deleteOrder(ctx, currentUser(request), request.params.id));

  route(app, endpoints.deleteOrders, {}, async (request) => orders.deleteOrders(ctx, currentUser(request), request.body.ids));

  route(app, endpoints.updateContent, {}, async (request) => orders.updateContent(ctx, currentUser(request), { id: request.params.id, changes: request.body }));

  route(app, endpoints.deleteContent, {}, async (request) => orders.deleteContent(ctx, currentUser(request), request.params.id));

  route(app, endpoints.listProjects, {}, async (request) => orders.listProjects(ctx, currentUser(request)));

  route(app, endpoints.getBulkSample, {}, async (request, reply) => {
    const buffer = await buildSampleWorkbook(ctx, currentUser(request), request.query.order_type);
    const name = `copydesk-bulk-${request.query.order_type!.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.xlsx`;
    return reply.type(XLSX_MIME).header('content-disposition', contentDisposition(name)).send(buffer);
  });

  // The preview and the import take the same upload under the same limit, each route its own bucket.
  const bulkLimit = { config: bulkImportRateLimit(app.config.bulkImportsPerMinute) };
  route(app, endpoints.uploadBulkOrder, bulkLimit, async (request) => importBulkOrder(ctx, currentUser(request), await readBulkUpload(request)));
  route(app, endpoints.previewBulkOrder, bulkLimit, async (request) => previewBulkOrder(ctx, currentUser(request), await readBulkUpload(request)));
};

/** The multipart fields of a bulk upload (`file`, `order_type`), for the import and its preview alike. */
async function readBulkUpload(request: FastifyRequest): Promise<BulkUpload> {
  const upload = await readMultipart(request, { fileField: 'file', maxBytes: BULK_MAX_BYTES });
  if (!upload?.file) throw AppError.field(upload ? 'bulk.file_missing' : 'bulk.only_xlsx', 'file');
  if (upload.tooLarge) throw AppError.field('bulk.file_too_large', 'file');
  const orderType = upload.fields.order_type?.trim();
  if (!orderType) throw AppError.field('bulk.order_type_required', 'order_type');
  const declaredXlsx = /\.xlsx$/i.test(upload.fileName ?? '') || upload.fileType === XLSX_MIME;
  return { orderType, buffer: upload.file, declaredXlsx };
}
