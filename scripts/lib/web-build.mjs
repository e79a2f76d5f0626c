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
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/package.json',
  'packages/shared/src',
].map((entry) => path.join(repoRoot, entry));

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

/**
 * Runs `npm run build -w @copydesk/web` and prints a summary of what it wrote instead of Vite's line
 * per file (some 400 of them); Vite's whole output is printed when the build fails. Returns the
 * build's exit status.
 */
export function buildWeb() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const started = Date.now();
  const result = spawnSync(npm, ['run', 'build', '-w', '@copydesk/web'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    return result.status ?? 1;
  }
  // Vite's warnings (a chunk over its size limit, a plugin's notice) go to stderr: keep them.
  if (result.stderr?.trim()) process.stderr.write(result.stderr);
  console.log(webBuildSummary(Date.now() - started));
  return 0;
}

const distDir = path.join(repoRoot, 'apps/web/dist');

const kilobytes = (bytes) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`);

function sizeOf(file) {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/**
 * One line about the build just made: its files by kind, their size and their brotli size. The
 * build's own files are the first entry of dist/.vite/builds.json (apps/web/build/kept-assets.ts),
 * since dist/assets also keeps the previous builds' files for tabs still open on them.
 */
export function webBuildSummary(tookMs) {
  let files = [];
  try {
    files = JSON.parse(readFileSync(path.join(distDir, '.vite/builds.json'), 'utf8')).builds?.[0]?.files ?? [];
  } catch {
    // An older build without the history: say what can be said.
  }
  const kinds = { script: /\.js$/, stylesheet: /\.css$/ };
  const count = { script: 0, stylesheet: 0, other: 0 };
  let bytes = 0;
  let brotli = 0;
  for (const file of files.filter((name) => !/\.(br|gz)$/.test(name))) {
    const kind = Object.keys(kinds).find((name) => kinds[name].test(file)) ?? 'other';
    count[kind] += 1;
    const full = path.join(distDir, file);
    const size = sizeOf(full);
    bytes += size;
    brotli += sizeOf(`${full}.br`) || size;
  }
  const seconds = (tookMs / 1000).toFixed(1);
  if (files.length === 0) return `Built the web app in ${seconds} s (apps/web/dist).`;
  return (
    `Built the web app in ${seconds} s: ${count.script} scripts, ${count.stylesheet} stylesheets and ${count.other} other files, ` +
    `${kilobytes(bytes)} (${kilobytes(brotli)} compressed) in apps/web/dist.`
  );
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
