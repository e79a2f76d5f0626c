import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@copydesk/shared';
import { route } from '../../lib/route.js';
import * as catalog from './catalog.service.js';

/** The catalogue is read by every signed-in role; it is edited in the database. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, endpoints.listProducts, {}, async () => catalog.listProducts(app.db));

  route(app, endpoints.getProductByName, {}, async (request) => catalog.getProduct(app.db, { name: request.query.name }));

  route(app, endpoints.getProduct, {}, async (request) => catalog.getProduct(app.db, { id: request.params.id }));

  route(app, endpoints.listWordCounts, {}, async (request) => catalog.listWordCounts(app.db, request.query.product_id));

  route(app, endpoints.listCategories, {}, async () => catalog.listCategories(app.db));
};
