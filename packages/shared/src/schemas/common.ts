import { z } from 'zod';

/** The JSON every error answers with (DESIGN.md §4). */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** Lookup lists (countries, states, cities, products, categories). */
export const lookupItemSchema = z.object({ id: z.union([z.string(), z.number()]), name: z.string() });
export const lookupListSchema = z.object({ data: z.array(lookupItemSchema) });

/** Paged lists: `{data, meta}`. */
export const pageMetaSchema = z.object({
  from: z.number().nullable(),
  to: z.number().nullable(),
  total: z.number(),
  last_page: z.number(),
  current_page: z.number(),
  per_page: z.number(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
