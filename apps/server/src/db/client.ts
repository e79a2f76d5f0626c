import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { openPGlite } from './pglite.js';
import * as schema from './schema/index.js';
import { defaultTemplateDir, migrationsFolder, readTemplate } from './template.js';
import { embeddedDatabase, embeddedDatabaseDir } from './template-file.js';
import { startPGliteThread } from './pglite-thread/index.js';

export type Schema = typeof schema;
/** The database both drivers give: PGlite (embedded) and node-postgres share the PostgreSQL dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service can run several of them in one transaction. */
export type DbOrTx = Database | Transaction;

/**
 * A prepared statement built once per database handle (drizzle ties a prepared query to the handle
 * that built it); on PostgreSQL each pooled connection then parses and plans it once.
 */
export function preparedPerDatabase<D extends DbOrTx, Q>(prepare: (db: D) => Q): (db: D) => Q {
  const built = new WeakMap<D, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = prepare(db)));
    return query;
  };
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export { migrationsFolder };

/** Where the pool reports connections it lost; the app passes its logger. */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

const stderrLog: DatabaseLog = {
  warn: (obj, msg) => console.error(JSON.stringify({ level: 40, time: Date.now(), ...obj, msg })),
};

export interface OpenDatabaseOptions {
  /** `undefined` = PGlite persisted in `dataDir/db` (in a worker thread); `memory:` = PGlite in memory; `postgres://…` = pool. */
  url: string | undefined;
  dataDir: string;
  /** Apply committed migrations before returning (the default). */
  migrate?: boolean;
  /** Defaults to JSON lines on stderr. */
  log?: DatabaseLog;
}

/**
 * PostgreSQL pool settings. A request waits at most `connectionTimeoutMillis` for a connection (a new
 * one, or a free one when all are busy), so while the database is away callers get a 503 instead of
 * hanging. `application_name` names our backends in pg_stat_activity; `?application_name=` in the
 * URL overrides it.
 */
export const poolSettings = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  application_name: 'copydesk',
} as const;

function openPool(Pool: typeof pg.Pool, url: string, log: DatabaseLog): pg.Pool {
  const pool = new Pool({ connectionString: url, ...poolSettings });
  // An idle connection that dies (pg_terminate_backend, a database restart) is an 'error' event on
  // the pool; without a listener Node would throw it and end the process. The pool has already
  // dropped that connection and opens a new one on the next query, so logging is all there is to do.
  pool.on('error', (err) => log.warn({ err: { message: err.message, code: sqlState(err) } }, 'database connection lost; reconnecting on next use'));
  // A connection checked out for a transaction has no pool listener while it is out, and its death
  // is also an 'error' event. The transaction's own query fails and answers the request (503), and
  // release() drops the dead connection, so this listener only keeps the event from crashing us.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Handles openDatabase made on PostgreSQL; any other handle is an embedded (PGlite) one. */
const postgresDatabases = new WeakSet<Database>();

/** Which database a handle reaches, as health reports it. */
export function databaseKind(db: Database): 'embedded' | 'postgresql' {
  return postgresDatabases.has(db) ? 'postgresql' : 'embedded';
}

export async function openDatabase({ url, dataDir, migrate = true, log = stderrLog }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // Loaded only for PostgreSQL: the embedded database starts without them.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
    const pool = openPool(pg.Pool, url, log);
    handle = { db: drizzlePg(pool, { schema }) as unknown as Database, kind: 'postgres', close: () => pool.end() };
    postgresDatabases.add(handle.db);
  } else {
    let client: PGlite;
    if (url === 'memory:') {
      // Tests: in this thread, from the template when one was built.
      const template = readTemplate(defaultTemplateDir);
      client = template ? openPGlite(undefined, { loadDataDir: template }) : openPGlite();
    } else {
      // DATA_DIR/db, in a worker thread (pglite-thread/): started by server.ts ahead of the rest of
      // the server, or here. A new folder starts from the migrated template, much faster than initdb.
      // Queries wait for it to open; drizzle uses the part of PGlite's client the thread gives.
      client = startPGliteThread(
        embeddedDatabaseDir(dataDir),
        () => embeddedDatabase(dataDir),
        (err) =>
          log.warn({ err: { message: err.message } }, 'the embedded database stopped; every request that needs it answers 503 until the server restarts'),
      ) as unknown as PGlite;
    }
    handle = { db: drizzlePglite(client, { schema }) as unknown as Database, kind: 'pglite', close: () => client.close() };
  }
  if (migrate) await migrateDatabase(handle);
  return handle;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
let journal: JournalEntry[] | undefined;
/** The committed migrations (meta/_journal.json), read once. */
function migrationJournal(): JournalEntry[] {
  journal ??= (JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

/** The newest migration's timestamp in the journal, which drizzle records as `created_at` once applied. */
function newestMigrationMillis(): number {
  return Math.max(...migrationJournal().map((entry) => entry.when));
}

/** The journal's highest-numbered migration: the newest this code knows. */
function newestMigration(): JournalEntry {
  return migrationJournal().reduce((newest, entry) => (entry.idx > newest.idx ? entry : newest));
}

/**
 * The tag of the newest migration applied (`0017_one_booking_and_item_lifecycle`), or null when none
 * is. Drizzle records each migration's journal `when` as `created_at` and applies every entry whose
 * `when` is later than the newest recorded one, so every entry up to `appliedMillis` is applied; the
 * newest is the highest-numbered of them (numbers and `when`s need not be in the same order). A time
 * later than any this code knows (a newer version migrated the database) is named by its time.
 */
export function migrationTag(appliedMillis: number | null): string | null {
  if (appliedMillis == null) return null;
  if (appliedMillis > newestMigrationMillis()) return `unknown migration of ${new Date(appliedMillis).toISOString()}`;
  const applied = migrationJournal().filter((entry) => entry.when <= appliedMillis);
  return applied.length ? applied.reduce((newest, entry) => (entry.idx > newest.idx ? entry : newest)).tag : null;
}

/** `created_at` of the newest migration applied to this database; null when none is (no drizzle table yet). */
export async function appliedMigrationMillis(db: DbOrTx): Promise<number | null> {
  try {
    const { rows } = (await db.execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`)) as unknown as {
      rows: { applied: string | null }[];
    };
    const applied = rows[0]?.applied;
    return applied == null ? null : Number(applied);
  } catch (err) {
    // 3F000 no such schema, 42P01 no such table: a database no migration has touched yet.
    if (['3F000', '42P01'].includes(sqlState(err) ?? '')) return null;
    throw err;
  }
}

/**
 * The database was migrated by a newer version of Copydesk than this one: its tables may not be
 * what this code expects, so the server refuses to start on it rather than corrupt it.
 */
export class DatabaseNewerThanCodeError extends Error {
  constructor(appliedMillis: number) {
    super(
      `The database was migrated by a newer version of Copydesk: its newest migration is from ${new Date(appliedMillis).toISOString()}, ` +
        `and the newest this version knows is ${newestMigration().tag} (${new Date(newestMigrationMillis()).toISOString()}). ` +
        'Start the newer version, or restore a backup taken with this one.',
    );
    this.name = 'DatabaseNewerThanCodeError';
  }
}

/**
 * Applies the committed migrations that are not applied yet. Drizzle's migrator creates its schema
 * and table, then reads every migration file, on each start; when the newest applied migration is
 * already the journal's newest (drizzle's own test: it applies those with a later `when`), one
 * query settles it instead. A database whose newest migration is later than the journal's newest
 * is refused (DatabaseNewerThanCodeError): drizzle would skip nothing and run on tables it does not know.
 */
export async function migrateDatabase({ db, kind }: DatabaseHandle): Promise<void> {
  const applied = await appliedMigrationMillis(db);
  if (applied != null && applied > newestMigrationMillis()) throw new DatabaseNewerThanCodeError(applied);
  if (applied != null && applied === newestMigrationMillis()) return;
  if (kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  }
}

/** The SQLSTATE of a driver error, which Drizzle wraps in `cause` (same on PGlite and pg). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Node socket errors that mean the database server cannot be reached right now. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server going away or not accepting connections yet. */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres and pg-pool say when a connection dies or cannot be had in time. */
const unavailableMessage =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|PGlite is closed)/i;

/**
 * True when an error means the database is unreachable (down, restarting, connection killed, no
 * connection within the pool timeout) rather than that the query was wrong. Looks through Drizzle's
 * `cause` and a failed multi-address connect's `errors`.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (unreachableCodes.has(e.code) || unavailableStates.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (typeof e.message === 'string' && unavailableMessage.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
