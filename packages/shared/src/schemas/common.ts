import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '../error-codes.js';
import { inputMessages } from '../messages.js';

/**
 * The JSON every error answers with (docs/decisions/0022-api-conventions.md): `code` names the
 * error (packages/shared/src/error-codes.ts), `message` says it to a person.
 */
export const errorResponseSchema = z.object({
  code: z.enum(ERROR_CODES).describe('Stable error code (packages/shared/src/error-codes.ts); branch on it, not on the message'),
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
// eslint-disable-next-line no-control-regex -- NUL is what this refuses (PostgreSQL cannot store it)
const UNSAFE_TEXT = /[\u0000\p{Cs}]/u;
export type UnsafeText = 'nul' | 'surrogate';

export function unsafeTextIn(value: string): UnsafeText | null {
  const found = UNSAFE_TEXT.exec(value);
  if (!found) return null;
  return found[0] === '\u0000' ? 'nul' : 'surrogate';
}

/** The message for a field holding unsafe text. */
export const unsafeTextMessage = (problem: UnsafeText) => (problem === 'nul' ? inputMessages.nulCharacter : inputMessages.unpairedSurrogate);

/** The error code of a field holding unsafe text; its message is `unsafeTextMessage`'s. */
export const unsafeTextCode = (problem: UnsafeText): Extract<ErrorCode, 'input.nul_character' | 'input.unpaired_surrogate'> =>
  problem === 'nul' ? 'input.nul_character' : 'input.unpaired_surrogate';

/** Query strings arrive as text; empty values mean "not set". */
const unset = (v: unknown) => (v === '' || v === 'null' || v === 'undefined' ? undefined : v);
export const optionalQueryInt = z.preprocess(unset, z.coerce.number().int().positive().max(2_147_483_647).optional());
export const optionalQueryText = (max = 100) => z.preprocess(unset, z.string().trim().max(max).optional());
export const optionalQueryDate = z.preprocess(unset, z.iso.date().refine(isSaneDate, inputMessages.dateOutOfRange).optional());

/** page, limit, sort_column, sort_order of every paged list (docs/decisions/0022-api-conventions.md). */
export function pagedQuerySchema<const C extends readonly [string, ...string[]]>(columns: C, defaultLimit: number) {
  return z.object({
    page: z.preprocess(unset, z.coerce.number().int().min(1).max(1_000_000).default(1)),
    limit: z.preprocess(unset, z.coerce.number().int().min(1).max(100).default(defaultLimit)),
    sort_column: z.preprocess(unset, z.enum(columns).default(columns[0] as C[number])),
    sort_order: z.preprocess((v) => (typeof v === 'string' ? unset(v.toLowerCase()) : v), z.enum(['asc', 'desc']).default('desc')),
  });
}

/**
 * Where the next page of a keyset-paged list starts: the last row's sort value and id, under the
 * sort they were read with. A deep page then costs what the first does (no rows read and skipped,
 * as an offset does), and rows added meanwhile do not shift what the next page shows. Clients pass
 * `meta.next_cursor` back as `after` and never look inside.
 */
export interface ListCursor<C extends string = string> {
  sortColumn: C;
  sortOrder: 'asc' | 'desc';
  /** The sort column's value as text: digits, or a timestamp as `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  value: string;
  id: number;
}

/** What a sort column holds, so a cursor's value can be checked before it reaches SQL. */
export type CursorValueKind = 'integer' | 'bigint' | 'timestamp';

const CURSOR_VALUE: Record<CursorValueKind, (v: string) => boolean> = {
  integer: (v) => /^-?\d{1,10}$/.test(v) && Math.abs(Number(v)) <= 2_147_483_647,
  bigint: (v) => /^-?\d{1,18}$/.test(v),
  timestamp: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && isSaneDate(v.slice(0, 10)),
};

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function encodeCursor(cursor: ListCursor): string {
  return base64url(JSON.stringify([cursor.sortColumn, cursor.sortOrder, cursor.value, cursor.id]));
}

/** The cursor a text holds, or null for anything that is not one this server wrote. */
export function decodeCursor(text: string): ListCursor | null {
  try {
    const parsed: unknown = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [sortColumn, sortOrder, value, id] = parsed as unknown[];
    if (typeof sortColumn !== 'string' || (sortOrder !== 'asc' && sortOrder !== 'desc') || typeof value !== 'string') return null;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    return { sortColumn, sortOrder, value, id };
  } catch {
    return null;
  }
}

/**
 * A paged list's query plus `after`, a cursor from the previous page's `meta.next_cursor`. `page`
 * still numbers the page for `meta`; with `after` the rows start after the cursor instead of at an
 * offset. Anything but a cursor of one of these columns answers 422 on `after`; add
 * `.superRefine(cursorFitsSort)` after the list's own fields.
 */
export function keysetPagedQuerySchema<const C extends readonly [string, ...string[]]>(
  columns: C,
  defaultLimit: number,
  kinds: Record<C[number], CursorValueKind>,
) {
  const after = z.preprocess(unset, z.string().optional()).transform((text, ctx): ListCursor<C[number]> | undefined => {
    if (text === undefined) return undefined;
    const cursor = text.length <= 200 ? decodeCursor(text) : null;
    const kind = cursor && (columns as readonly string[]).includes(cursor.sortColumn) ? kinds[cursor.sortColumn as C[number]] : null;
    if (!cursor || !kind || !CURSOR_VALUE[kind](cursor.value)) {
      ctx.addIssue({ code: 'custom', message: inputMessages.staleCursor });
      return z.NEVER;
    }
    return cursor as ListCursor<C[number]>;
  });
  return pagedQuerySchema(columns, defaultLimit).extend({ after });
}

/** A cursor read under another sort than the query asks for cannot say where its page starts. */
export function cursorFitsSort(query: { sort_column: string; sort_order: string; after?: ListCursor }, ctx: z.RefinementCtx) {
  if (query.after && (query.after.sortColumn !== query.sort_column || query.after.sortOrder !== query.sort_order))
    ctx.addIssue({ code: 'custom', path: ['after'], message: inputMessages.staleCursor });
}

export const keysetPageMetaSchema = pageMetaSchema.extend({ next_cursor: z.string().nullable() });
export type KeysetPageMeta = z.infer<typeof keysetPageMetaSchema>;
