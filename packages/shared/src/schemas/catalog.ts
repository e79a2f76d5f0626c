import { z } from 'zod';

/** Catalogue contracts. Prices are dollars with 2 decimals on the wire. */
export const productSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  sample: z.string(),
  starting_price: z.number(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const wordCountTierSchema = z.object({ id: z.number(), product_id: z.number(), title: z.string(), words: z.number(), price: z.number() });
export const addonSchema = z.object({ id: z.number(), value: z.string(), price: z.number() });

export const productDetailSchema = productSummarySchema.extend({
  productwordcount: z.array(wordCountTierSchema),
  productAddon: z.array(addonSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productListResponseSchema = z.object({ data: z.array(productSummarySchema) });
export const productResponseSchema = z.object({ data: productDetailSchema });
export const wordCountListResponseSchema = z.object({ data: z.array(wordCountTierSchema) });
export const categoryListResponseSchema = z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) });

export const productQuerySchema = z.object({ name: z.string().trim().min(1).max(100) });
export const wordCountQuerySchema = z.object({ product_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
