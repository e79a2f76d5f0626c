import { idParamSchema, messageResponseSchema } from '../schemas/common.js';
import {
  bulkOrderResponseSchema,
  bulkSampleQuerySchema,
  createOrderSchema,
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
    tags,
    auth: true,
    query: orderListQuerySchema,
    response: { 200: orderListResponseSchema },
  }),
  createOrder: defineEndpoint({
    ...routes.createOrder,
    tags,
    auth: true,
    body: createOrderSchema,
    response: { 200: orderCreatedResponseSchema },
  }),
  countOrders: defineEndpoint({
    ...routes.countOrders,
    tags,
    auth: true,
    params: orderCountStatusSchema,
    response: { 200: orderCountResponseSchema },
  }),
  getOrder: defineEndpoint({
    ...routes.getOrder,
    tags,
    auth: true,
    params: idParamSchema,
    response: { 200: orderDetailResponseSchema },
  }),
  deleteOrder: defineEndpoint({
    ...routes.deleteOrder,
    tags,
    auth: true,
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  }),
  updateContent: defineEndpoint({
    ...routes.updateContent,
    tags,
    auth: true,
    params: idParamSchema,
    body: updateContentSchema,
    response: { 200: messageResponseSchema },
  }),
  deleteContent: defineEndpoint({
    ...routes.deleteContent,
    tags,
    auth: true,
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  }),
  listProjects: defineEndpoint({
    ...routes.listProjects,
    tags,
    auth: true,
    response: { 200: userProjectsResponseSchema },
  }),
  getBulkSample: defineEndpoint({
    ...routes.getBulkSample,
    summary: 'Sample .xlsx for bulk orders of one order type',
    tags,
    auth: true,
    query: bulkSampleQuerySchema,
    download: true,
  }),
  uploadBulkOrder: defineEndpoint({
    ...routes.uploadBulkOrder,
    summary: 'Bulk order from a spreadsheet: multipart fields `file` (.xlsx, at most 10 MB, 5,000 rows) and `order_type`',
    tags,
    auth: true,
    body: 'multipart',
    response: { 200: bulkOrderResponseSchema },
  }),
};
