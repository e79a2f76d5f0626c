import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@copydesk/shared';
import { currentUser } from '../../lib/access.js';
import { route } from '../../lib/route.js';
import * as catalog from './catalog.service.js';

/** The catalogue is read by every signed-in role; it is edited in the database. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  route(app, endpoints.listProducts, {}, async (request) => catalog.listProducts(ctx, currentUser(request)));

  route(app, endpoints.getProductByName, {}, async (request) => catalog.getProduct(ctx, currentUser(request), { name: request.query.name }));

  route(app, endpoints.getProduct, {}, async (request) => catalog.getProduct(ctx, currentUser(request), { id: request.params.id }));

  route(app, endpoints.listWordCounts, {}, async (request) => catalog.listWordCounts(ctx, currentUser(request), request.query.product_id));

  route(app, endpoints.listCategories, {}, async (request) => catalog.listCategories(ctx, currentUser(request)));
};
