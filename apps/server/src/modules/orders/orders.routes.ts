import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BULK_MAX_BYTES,
  bulkMessages,
  bulkOrderResponseSchema,
  bulkSampleQuerySchema,
  messages,
  createOrderSchema,
  idParamSchema,
  messageResponseSchema,
  orderCountStatusSchema,
  orderDetailResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  updateContentSchema,
  userProjectsResponseSchema,
} from '@copydesk/shared';
import { AppError } from '../../lib/app-error.js';
import { readMultipart } from '../../lib/uploads.js';
import { currentUser, requireAuth } from '../../plugins/auth.js';
import { buildSampleWorkbook, importBulkOrder, XLSX_MIME } from './bulk-orders.service.js';
import { bulkImportRateLimit } from './bulk-orders.limits.js';
import * as orders from './orders.service.js';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyone = requireAuth();
  const orderers = requireAuth('orders.create');
  const managers = requireAuth('orders.manage');

  app.get(
    '/order',
    { schema: { tags, security, querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } }, onRequest: anyone },
    async (request) => orders.listOrders(app.db, currentUser(request), request.query),
  );

  app.post(
    '/order/create',
    {
      schema: { tags, security, body: createOrderSchema, response: { 200: z.object({ message: z.string(), order: z.object({ id: z.number() }) }) } },
      onRequest: orderers,
    },
    async (request) => orders.createOrder(app.db, currentUser(request), request.body, { publicUrl: app.config.publicUrl }),
  );

  app.get(
    '/order/getCountBystatus/:status',
    { schema: { tags, security, params: orderCountStatusSchema, response: { 200: z.object({ count: z.number() }) } }, onRequest: anyone },
    async (request) => orders.countOrders(app.db, currentUser(request), request.params.status),
  );

  app.get(
    '/order/getById/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: orderDetailResponseSchema } }, onRequest: anyone },
    async (request) => orders.getOrder(app.db, currentUser(request), request.params.id),
  );

  app.delete(
    '/order/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: messageResponseSchema } }, onRequest: managers },
    async (request) => orders.deleteOrder(app.db, currentUser(request), request.params.id),
  );

  app.patch(
    '/content/:id',
    { schema: { tags, security, params: idParamSchema, body: updateContentSchema, response: { 200: messageResponseSchema } }, onRequest: managers },
    async (request) => orders.updateContent(app.db, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/content/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: messageResponseSchema } }, onRequest: managers },
    async (request) => orders.deleteContent(app.db, currentUser(request), request.params.id),
  );

  app.get('/getItemsByUser', { schema: { tags, security, response: { 200: userProjectsResponseSchema } }, onRequest: orderers }, async (request) =>
    orders.listProjects(app.db, currentUser(request)),
  );

  app.get(
    '/order/bulk/sample',
    {
      schema: { tags, security, summary: 'Sample .xlsx for bulk orders of one order type', querystring: bulkSampleQuerySchema },
      onRequest: orderers,
    },
    async (request, reply) => {
      const buffer = await buildSampleWorkbook(app.db, request.query.order_type);
      const name = `copydesk-bulk-${request.query.order_type!.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.xlsx`;
      return reply.type(XLSX_MIME).header('Content-Disposition', `attachment; filename="${name}"`).send(buffer);
    },
  );

  app.post(
    '/order/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'Bulk order from a spreadsheet: multipart fields `file` (.xlsx, at most 10 MB, 5,000 rows) and `order_type`',
        consumes: ['multipart/form-data'],
        response: { 200: bulkOrderResponseSchema },
      },
      onRequest: orderers,
      config: bulkImportRateLimit(app.config.bulkImportsPerMinute),
    },
    async (request) => {
      const upload = await readMultipart(request, { fileField: 'file', maxBytes: BULK_MAX_BYTES });
      if (!upload?.file) throw AppError.field('file', upload ? bulkMessages.missingFile : messages.onlyXlsx);
      if (upload.tooLarge) throw AppError.field('file', bulkMessages.tooLarge);
      const orderType = upload.fields.order_type?.trim();
      if (!orderType) throw AppError.field('order_type', messages.selectOrderTypeFirst);
      return importBulkOrder(app.db, currentUser(request), { orderType, buffer: upload.file, publicUrl: app.config.publicUrl, spreadsheets: app.spreadsheets });
    },
  );
};
