import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPGlite } from './pglite.js';
import * as schema from './schema/index.js';
import { defaultTemplateDir, migrationsFolder, readTemplate, templateFile } from './template.js';
import { unpackTemplate } from './unpack-template.js';

export type Schema = typeof schema;
/** The database both drivers give: PGlite (embedded) and node-postgres share the PostgreSQL dialect. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either, so a service can run several of them in one transaction. */
export type DbOrTx = Database | Transaction;

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
  /** `undefined` = PGlite persisted in `dataDir/db`; `memory:` = PGlite in memory; `postgres://…` = pool. */
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

function openPool(url: string, log: DatabaseLog): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, ...poolSettings });
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

export async function openDatabase({ url, dataDir, migrate = true, log = stderrLog }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = openPool(url, log);
    const db = drizzlePg(pool, { schema });
    if (migrate) await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (url === 'memory:') {
    const template = readTemplate(defaultTemplateDir);
    client = template ? openPGlite(undefined, { loadDataDir: template }) : openPGlite();
  } else {
    const dir = path.join(dataDir, 'db');
    // PGlite does not create parent folders of its data directory.
    fs.mkdirSync(dataDir, { recursive: true });
    // A new database starts from the migrated template when one was built: much faster than initdb.
    // Unpacked by unpack-template.ts into a new folder; into one that already holds files, by PGlite.
    const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    const unpacked = fresh && unpackTemplate(templateFile(defaultTemplateDir), dir);
    const template = fresh && !unpacked ? readTemplate(defaultTemplateDir) : null;
    client = template ? openPGlite(dir, { loadDataDir: template }) : openPGlite(dir);
  }
  const db = drizzlePglite(client, { schema });
  if (migrate) await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
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
const unavailableMessage = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|PGlite is closed)/i;

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
