import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentItemSchema,
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
import { currentUser, requireAuth } from '../../plugins/auth.js';
import * as orders from './orders.service.js';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const anyone = requireAuth();
  const customers = requireAuth('agency', 'associate');
  const admins = requireAuth('admin');

  app.get(
    '/order',
    { schema: { tags, security, querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } }, preHandler: anyone },
    async (request) => orders.listOrders(app.db, currentUser(request), request.query),
  );

  app.post(
    '/order/create',
    {
      schema: { tags, security, body: createOrderSchema, response: { 200: z.object({ message: z.string(), order: z.object({ id: z.number() }) }) } },
      preHandler: customers,
    },
    async (request) => orders.createOrder(app.db, currentUser(request), request.body),
  );

  app.get(
    '/order/getCountBystatus/:status',
    { schema: { tags, security, params: orderCountStatusSchema, response: { 200: z.object({ count: z.number() }) } }, preHandler: anyone },
    async (request) => orders.countOrders(app.db, currentUser(request), request.params.status),
  );

  app.get(
    '/order/getById/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: orderDetailResponseSchema } }, preHandler: anyone },
    async (request) => orders.getOrder(app.db, currentUser(request), request.params.id),
  );

  app.delete(
    '/order/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: messageResponseSchema } }, preHandler: admins },
    async (request) => orders.deleteOrder(app.db, request.params.id),
  );

  app.get(
    '/content/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: z.object({ data: contentItemSchema }) } }, preHandler: anyone },
    async (request) => orders.getContent(app.db, currentUser(request), request.params.id),
  );

  app.patch(
    '/content/:id',
    { schema: { tags, security, params: idParamSchema, body: updateContentSchema, response: { 200: messageResponseSchema } }, preHandler: admins },
    async (request) => orders.updateContent(app.db, request.params.id, request.body),
  );

  app.delete(
    '/content/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: messageResponseSchema } }, preHandler: admins },
    async (request) => orders.deleteContent(app.db, request.params.id),
  );

  app.get(
    '/getItemsByUser',
    { schema: { tags, security, response: { 200: userProjectsResponseSchema } }, preHandler: customers },
    async (request) => orders.listProjects(app.db, currentUser(request)),
  );
};
