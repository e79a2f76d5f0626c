import { gte, inArray, lt, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';

/** Filters the paged lists share (their repositories build the rest). */

/**
 * Ids as one `integer[]` parameter (its text form, which both drivers pass as is): however many
 * there are, the statement's text, and so its plan, stays the same.
 */
export const integerArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::integer[]`;

/** Midnight UTC at the start of `day` (YYYY-MM-DD) plus `plusDays`, as a timestamptz. */
const utcMidnight = (day: string, plusDays = 0) => sql`(${day}::date + ${plusDays}::integer)::timestamp at time zone 'UTC'`;

/**
 * Whole UTC days `from`..`to`, both included, as a half-open range on the column itself
 * (`>= from 00:00`, `< the day after to, 00:00`), so the column's index serves it and the
 * session's time zone does not move the day boundaries.
 */
export function utcDayRange(column: Column, from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, utcMidnight(from)));
  if (to) conditions.push(lt(column, utcMidnight(to, 1)));
  return conditions;
}

/** How many matching ids a search inlines before it keeps its original join condition. */
export const MAX_INLINED_IDS = 100;

/**
 * Ids of the rows of a small side table (users, coupons) that a keyword matches, found through
 * that table's own trigram index, or `'many'` past MAX_INLINED_IDS.
 *
 * A search OR-ed across a join (`payments.description ILIKE … OR users.name ILIKE …`) can only be
 * evaluated row by row after the join, so no index serves it. With the few matching users in hand,
 * the same condition reads `payments.user_id IN (3, 17)` (or drops out when none match), every arm
 * is on the listed table, and the planner combines that table's indexes.
 */
export async function matchingIds(db: DbOrTx, table: PgTable, id: PgColumn, where: SQL | undefined): Promise<number[] | 'many'> {
  const rows = await db
    .select({ id })
    .from(table)
    .where(where)
    .limit(MAX_INLINED_IDS + 1);
  return rows.length > MAX_INLINED_IDS ? 'many' : rows.map((row) => Number(row.id));
}

/**
 * `column IN (ids)` for a matchingIds answer: nothing when no row matched, `fallback` (the
 * condition on the joined table, evaluated row by row) when too many did.
 */
export function inMatching(column: Column, ids: number[] | 'many', fallback: SQL | undefined): SQL | undefined {
  if (ids === 'many') return fallback;
  return ids.length ? inArray(column, ids) : undefined;
}
