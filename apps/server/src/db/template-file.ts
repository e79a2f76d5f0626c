import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir, migrationsFolder } from '../paths.js';
import type { PGliteThreadData } from './pglite-thread/protocol.js';

/**
 * Where the migrated template (template.ts) lives. Apart from template.ts, which builds it with
 * PGlite and drizzle, so that the server's entry can find it before it loads either.
 */
export const defaultTemplateDir = cacheDir;

export function migrationsDigest(): string {
  const digest = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) digest.update(file).update(fs.readFileSync(full));
  }
  return digest.digest('hex').slice(0, 16);
}

/** The file name carries a digest of the migrations, so a new migration means a new template. */
export const templateFile = (dir: string) => path.join(dir, `pglite-${migrationsDigest()}.tar.gz`);

/** Where a data folder keeps its embedded database. */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'db');

/** The persisted embedded database of a data folder: DATA_DIR/db, started from the default template. */
export function embeddedDatabase(dataDir: string): PGliteThreadData {
  return { dir: embeddedDatabaseDir(dataDir), templateFile: templateFile(defaultTemplateDir) };
}
