import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { openPGlite } from './pglite.js';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from './schema/index.js';
import { migrationsFolder } from '../paths.js';
import { defaultTemplateDir, migrationsDigest, templateFile } from './template-file.js';

/**
 * A migrated, empty PGlite database dumped to a tarball. Creating a PGlite cluster and applying the
 * migrations takes seconds; loading this takes a fraction of that. `npm run build` (and `npm start`
 * when it is missing) writes one next to the server; tests keep theirs in the temp folder. The
 * file name carries a digest of the migrations, so a new migration means a new template.
 */
// Resolved in one place, so they hold from source and from the bundle (dist/).
export { migrationsFolder };
export { defaultTemplateDir, migrationsDigest, templateFile };

/** The template for the current migrations, or null when none has been built. */
export function readTemplate(dir: string): Blob | null {
  const file = templateFile(dir);
  return fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : null;
}

/** Returns the template, building it first when missing (written atomically: parallel callers are safe). */
export async function ensureTemplate(dir: string): Promise<Blob> {
  const existing = readTemplate(dir);
  if (existing) return existing;
  const client = openPGlite();
  await migrate(drizzle(client, { schema }), { migrationsFolder });
  const dump = await client.dumpDataDir('gzip');
  await client.close();
  fs.mkdirSync(dir, { recursive: true });
  const file = templateFile(dir);
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return dump;
}
