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

/** Query strings arrive as text; empty values mean "not set". */
const unset = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
export const optionalQueryInt = z.preprocess(unset, z.coerce.number().int().positive().max(2_147_483_647).optional());
export const optionalQueryText = (max = 100) => z.preprocess(unset, z.string().trim().max(max).optional());
export const optionalQueryDate = z.preprocess(unset, z.iso.date().optional());

/** page, limit, sort_column, sort_order of every paged list (DESIGN.md §4). */
export function pagedQuerySchema<const C extends readonly [string, ...string[]]>(columns: C, defaultLimit: number) {
  return z.object({
    page: z.preprocess(unset, z.coerce.number().int().min(1).max(1_000_000).default(1)),
    limit: z.preprocess(unset, z.coerce.number().int().min(1).max(100).default(defaultLimit)),
    sort_column: z.preprocess(unset, z.enum(columns).default(columns[0] as C[number])),
    sort_order: z.preprocess((v) => (typeof v === 'string' ? unset(v.toLowerCase()) : v), z.enum(['asc', 'desc']).default('desc')),
  });
}
