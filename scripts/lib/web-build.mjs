// Decides whether apps/web/dist is older than its sources, and rebuilds it when it is; the same for
// the server bundle (apps/server/dist) and the server's migrated database template.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime, serverBundle, serverBundleReason, templateBuilder } from '../../apps/server/build.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const builtIndex = path.join(repoRoot, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/shared/src'].map(
  (entry) => path.join(repoRoot, entry),
);

function mtimeOf(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Why the web app needs building, or null when the build is current. */
export function webBuildReason() {
  const built = mtimeOf(builtIndex);
  if (built === undefined) return 'apps/web/dist/index.html is missing';
  const stale = sources.find((entry) => newestMtime(entry) > built);
  return stale ? `${path.relative(repoRoot, stale)} changed since the last build` : null;
}

/** Runs `npm run build -w @copydesk/web`; returns its exit status. */
export function buildWeb() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', '@copydesk/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/**
 * The migrated database template the server loads for a new embedded database
 * (apps/server/src/db/template.ts). Its name carries a digest of the migrations, computed here the
 * same way: sha256 over the sorted relative file names and their contents, first 16 hex digits.
 */
const migrationsDir = path.join(repoRoot, 'apps/server/src/db/migrations');
export function dbTemplateMissing() {
  const digest = createHash('sha256');
  for (const file of readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (statSync(full).isFile()) digest.update(file).update(readFileSync(full));
  }
  return !existsSync(path.join(repoRoot, 'apps/server/.cache', `pglite-${digest.digest('hex').slice(0, 16)}.tar.gz`));
}

/** The bundled server, to run with `node --enable-source-maps`. */
export { serverBundle, serverBundleReason };

/** Runs apps/server/build.mjs (esbuild, well under a second); returns its exit status. */
export function buildServerBundle() {
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/build.mjs')], { cwd: repoRoot, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Builds the server bundle when a source is newer; returns 0 when it is current. */
export function ensureServerBundle() {
  const reason = serverBundleReason();
  if (!reason) return 0;
  console.log(`Building the server (${reason})…`);
  return buildServerBundle();
}

/** Writes the template with the bundled builder (`npm run build:db`); returns its exit status. */
export function buildDbTemplate() {
  const built = ensureServerBundle();
  if (built !== 0) return built;
  const result = spawnSync(process.execPath, ['--enable-source-maps', templateBuilder], { cwd: repoRoot, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}
