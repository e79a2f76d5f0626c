import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions the migrations create (pg_trgm: the search indexes of migration 0013). PGlite
 * loads an extension's code only when it is opened with it, and a database holding a trigram index
 * cannot even take an insert into that table without it, so every embedded database opens here.
 */
export const pgliteExtensions = { pg_trgm };

/** An embedded database (in memory without `dataDir`) with the extensions the schema needs. */
export function openPGlite(dataDir?: string, options: Omit<PGliteOptions, 'extensions'> = {}): PGlite {
  // One options object: PGlite ignores the second argument when the first is not a string.
  return new PGlite({ ...options, ...(dataDir === undefined ? {} : { dataDir }), extensions: pgliteExtensions });
}
