/**
 * Storage settings of the trigram GIN indexes (pg_trgm, migration 0013). GIN collects new entries
 * in a pending list that every search reads in full until it is merged into the index; by default
 * that list grows to 4 MB, and the embedded database has no autovacuum to merge it, so the planner
 * soon prefers a full scan over the index. A 256 kB list is merged in small batches as rows arrive
 * and costs bulk inserts about what the default does.
 */
export const trigramIndexSettings = { gin_pending_list_limit: 256 };
