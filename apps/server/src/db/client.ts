import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { defaultTemplateDir, migrationsFolder, readTemplate } from './template.js';

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

export interface OpenDatabaseOptions {
  /** `undefined` = PGlite persisted in `dataDir/db`; `memory:` = PGlite in memory; `postgres://…` = pool. */
  url: string | undefined;
  dataDir: string;
  /** Apply committed migrations before returning (the default). */
  migrate?: boolean;
}

export async function openDatabase({ url, dataDir, migrate = true }: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = drizzlePg(pool, { schema });
    if (migrate) await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (url === 'memory:') {
    const template = readTemplate(defaultTemplateDir);
    client = template ? new PGlite({ loadDataDir: template }) : new PGlite();
  } else {
    const dir = path.join(dataDir, 'db');
    // PGlite does not create parent folders of its data directory.
    fs.mkdirSync(dataDir, { recursive: true });
    // A new database starts from the migrated template when one was built: much faster than initdb.
    const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    const template = fresh ? readTemplate(defaultTemplateDir) : null;
    client = template ? new PGlite(dir, { loadDataDir: template }) : new PGlite(dir);
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
