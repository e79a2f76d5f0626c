import { z } from 'zod';
import { inputMessages } from '../messages.js';

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

/**
 * Calendar dates a person can mean and every layer can hold: PostgreSQL has no year 0 and stops
 * at 5874897, JavaScript accepts years -271821…275760, and `YYYY-MM-DD` has four digits.
 */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 9999;

/** `YYYY-MM-DD`, a real day (no 2023-02-29), its year within DATE_MIN_YEAR…DATE_MAX_YEAR. */
export function isSaneDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * What no text field may hold: U+0000 (PostgreSQL text refuses it) and half of a UTF-16 surrogate
 * pair (not Unicode at all; encoders replace or throw). With `u`, a pair is one code point, so
 * `\p{Cs}` matches only an unpaired half.
 */
const UNSAFE_TEXT = /[\u0000\p{Cs}]/u;
export type UnsafeText = 'nul' | 'surrogate';

export function unsafeTextIn(value: string): UnsafeText | null {
  const found = UNSAFE_TEXT.exec(value);
  if (!found) return null;
  return found[0] === '\u0000' ? 'nul' : 'surrogate';
}

/** The message for a field holding unsafe text. */
export const unsafeTextMessage = (problem: UnsafeText) => (problem === 'nul' ? inputMessages.nulCharacter : inputMessages.unpairedSurrogate);

/** Query strings arrive as text; empty values mean "not set". */
const unset = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
export const optionalQueryInt = z.preprocess(unset, z.coerce.number().int().positive().max(2_147_483_647).optional());
export const optionalQueryText = (max = 100) => z.preprocess(unset, z.string().trim().max(max).optional());
export const optionalQueryDate = z.preprocess(unset, z.iso.date().refine(isSaneDate, inputMessages.dateOutOfRange).optional());

/** page, limit, sort_column, sort_order of every paged list (DESIGN.md §4). */
export function pagedQuerySchema<const C extends readonly [string, ...string[]]>(columns: C, defaultLimit: number) {
  return z.object({
    page: z.preprocess(unset, z.coerce.number().int().min(1).max(1_000_000).default(1)),
    limit: z.preprocess(unset, z.coerce.number().int().min(1).max(100).default(defaultLimit)),
    sort_column: z.preprocess(unset, z.enum(columns).default(columns[0] as C[number])),
    sort_order: z.preprocess((v) => (typeof v === 'string' ? unset(v.toLowerCase()) : v), z.enum(['asc', 'desc']).default('desc')),
  });
}
