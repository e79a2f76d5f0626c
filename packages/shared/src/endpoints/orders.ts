import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import {
  bulkOrderResponseSchema,
  bulkPreviewResponseSchema,
  bulkSampleQuerySchema,
  createOrderSchema,
  deleteOrdersResponseSchema,
  deleteOrdersSchema,
  orderCountResponseSchema,
  orderCountStatusSchema,
  orderCreatedResponseSchema,
  orderDetailResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  updateContentSchema,
  userProjectsResponseSchema,
} from '../schemas/orders.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['orders'];

/** Orders and their items before payment, placed one by one or in bulk from a spreadsheet. */
export const orderEndpoints = {
  listOrders: defineEndpoint({
    ...routes.listOrders,
    access: 'signed-in',
    tags,
    query: orderListQuerySchema,
    response: { 200: orderListResponseSchema },
  }),
  createOrder: defineEndpoint({
    ...routes.createOrder,
    access: ['orders.create'],
    tags,
    body: createOrderSchema,
    response: { 200: orderCreatedResponseSchema },
  }),
  countOrders: defineEndpoint({
    ...routes.countOrders,
    access: 'signed-in',
    tags,
    params: orderCountStatusSchema,
    response: { 200: orderCountResponseSchema },
  }),
  getOrder: defineEndpoint({
    ...routes.getOrder,
    access: 'signed-in',
    tags,
    params: idParamSchema,
    response: { 200: orderDetailResponseSchema },
  }),
  deleteOrder: defineEndpoint({
    ...routes.deleteOrder,
    summary: 'Deletes an order: admins any (a paid one refunded to the wallet), customers an unpaid one they reach',
    access: ['orders.manage', 'orders.deleteUnpaid'],
    tags,
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  }),
  deleteOrders: defineEndpoint({
    ...routes.deleteOrders,
    summary: 'Deletes several unpaid orders together: all of them, or none (docs/decisions/0034-customers-delete-unpaid-orders.md)',
    access: ['orders.manage', 'orders.deleteUnpaid'],
    tags,
    body: deleteOrdersSchema,
    response: { 200: deleteOrdersResponseSchema },
  }),
  updateContent: defineEndpoint({
    ...routes.updateContent,
    access: ['orders.manage'],
    tags,
    params: idParamSchema,
    body: updateContentSchema,
    response: { 200: messageResponseSchema },
  }),
  deleteContent: defineEndpoint({
    ...routes.deleteContent,
    summary: 'Deletes an item (never the last of its order): admins any but an approved one, customers an unpaid one they reach',
    access: ['orders.manage', 'orders.deleteUnpaid'],
    tags,
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  }),
  listProjects: defineEndpoint({
    ...routes.listProjects,
    access: ['orders.create'],
    tags,
    response: { 200: userProjectsResponseSchema },
  }),
  getBulkSample: defineEndpoint({
    ...routes.getBulkSample,
    access: ['orders.create'],
    summary: 'Sample .xlsx for bulk orders of one order type',
    tags,
    query: bulkSampleQuerySchema,
    download: true,
  }),
  uploadBulkOrder: defineEndpoint({
    ...routes.uploadBulkOrder,
    access: ['orders.create'],
    summary: 'Bulk order from a spreadsheet: multipart fields `file` (.xlsx, at most 10 MB, 5,000 rows) and `order_type`',
    tags,
    body: 'multipart',
    response: { 200: bulkOrderResponseSchema },
  }),
  previewBulkOrder: defineEndpoint({
    ...routes.previewBulkOrder,
    access: ['orders.create'],
    summary:
      'What POST /order/bulk would do with the same multipart fields, writing nothing: every row ordered (with its price) or rejected (each reason with its column and cell), and the total in cents',
    tags,
    body: 'multipart',
    response: { 200: bulkPreviewResponseSchema },
  }),
};
