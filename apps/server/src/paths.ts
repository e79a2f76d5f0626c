import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Folders the server finds relative to its own code. This file sits in apps/server/src, and the
 * bundle (build.mjs) puts all code in apps/server/dist: one folder below the server package either
 * way, so the same paths hold when running from source (tsx, vitest) and from the bundle.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverRoot, '../..');
/** The committed SQL migrations; the bundle reads them from source, they are not copied. */
export const migrationsFolder = path.join(serverRoot, 'src/db/migrations');
/** Build output that is not code: the migrated database template (db/template.ts). */
export const cacheDir = path.join(serverRoot, '.cache');
