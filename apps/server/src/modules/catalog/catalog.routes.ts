import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryListResponseSchema,
  idParamSchema,
  productListResponseSchema,
  productQuerySchema,
  productResponseSchema,
  wordCountListResponseSchema,
  wordCountQuerySchema,
} from '@copydesk/shared';
import { requireAuth } from '../../plugins/auth.js';
import * as catalog from './catalog.service.js';

const tags = ['catalog'];
const security = [{ bearerAuth: [] }];

/** The catalogue is read by every signed-in role; it is edited in the database. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireAuth();

  app.get('/miscellaneous/getProducts', { schema: { tags, security, response: { 200: productListResponseSchema } }, onRequest: signedIn }, async () =>
    catalog.listProducts(app.db),
  );

  app.get(
    '/product',
    { schema: { tags, security, querystring: productQuerySchema, response: { 200: productResponseSchema } }, onRequest: signedIn },
    async (request) => catalog.getProduct(app.db, { name: request.query.name }),
  );

  app.get(
    '/product/:id',
    { schema: { tags, security, params: idParamSchema, response: { 200: productResponseSchema } }, onRequest: signedIn },
    async (request) => catalog.getProduct(app.db, { id: request.params.id }),
  );

  app.get(
    '/productwordcount',
    { schema: { tags, security, querystring: wordCountQuerySchema, response: { 200: wordCountListResponseSchema } }, onRequest: signedIn },
    async (request) => catalog.listWordCounts(app.db, request.query.product_id),
  );

  app.get('/miscellaneous/getCategories', { schema: { tags, security, response: { 200: categoryListResponseSchema } }, onRequest: signedIn }, async () =>
    catalog.listCategories(app.db),
  );
};
