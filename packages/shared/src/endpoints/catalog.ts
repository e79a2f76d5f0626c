import {
  categoryListResponseSchema,
  productListResponseSchema,
  productQuerySchema,
  productResponseSchema,
  wordCountListResponseSchema,
  wordCountQuerySchema,
} from '../schemas/catalog.js';
import { idParamSchema } from '../schemas/common.js';
import { defineEndpoint } from './define.js';
import { routes } from './routes.js';

const tags = ['catalog'];

/** The catalogue (order types, word-count tiers, add-ons, categories): read by every signed-in role. */
export const catalogEndpoints = {
  listProducts: defineEndpoint({ ...routes.listProducts, tags, access: 'signed-in', response: { 200: productListResponseSchema } }),
  getProductByName: defineEndpoint({
    ...routes.getProductByName,
    tags,
    access: 'signed-in',
    query: productQuerySchema,
    response: { 200: productResponseSchema },
  }),
  getProduct: defineEndpoint({ ...routes.getProduct, tags, access: 'signed-in', params: idParamSchema, response: { 200: productResponseSchema } }),
  listWordCounts: defineEndpoint({
    ...routes.listWordCounts,
    access: 'signed-in',
    tags,
    query: wordCountQuerySchema,
    response: { 200: wordCountListResponseSchema },
  }),
  listCategories: defineEndpoint({ ...routes.listCategories, tags, access: 'signed-in', response: { 200: categoryListResponseSchema } }),
};
