/**
 * The types drizzle-orm's PGlite driver asks to receive as PostgreSQL's text (its `parsers` on every
 * query): timestamp 1114, timestamptz 1184, interval 1186, date 1082, and the arrays numeric[] 1231,
 * timestamp[] 1115, timestamptz[] 1185, interval[] 1187, date[] 1182. Parser functions cannot cross
 * to the database's thread, so the thread's PGlite is opened with these as its own parsers, which
 * gives the same rows. (Type ids are fixed in PostgreSQL's catalogue; literal here so that the event
 * loop's side does not load PGlite to learn them.)
 */
export const stringTypeIds: readonly number[] = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

const asText = (value: string) => value;

export const stringParsers: Record<number, (value: string) => string> = Object.fromEntries(stringTypeIds.map((id) => [id, asText]));
