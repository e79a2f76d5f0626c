// `npm run build -w @copydesk/server`: bundles the server into dist/ with esbuild, so `npm start`
// runs plain JavaScript instead of compiling TypeScript on every start. `--if-stale` builds only
// when a source is newer than the bundle (what scripts/start.mjs, the e2e harness and the crash
// test do before they start it).
//
// Only our own code and @copydesk/shared (a workspace package shipped as TypeScript source) go into
// the bundle; every other package stays an import of node_modules, so the large libraries the
// server loads with import() on first use (exceljs, pdfkit, sharp, mammoth, the AWS and Stripe SDKs)
// are still loaded only then. Code splitting keeps our own lazily imported modules in chunks of
// their own, beside the entry points in dist/ (src/paths.ts relies on all code living one folder
// below the package). Entries: the server; the spreadsheet worker, which the pool forks as
// dist/read-sheet.worker.js; the embedded database's thread (dist/pglite.worker.js); the database
// template builder (`npm run build:db`).
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.dirname(fileURLToPath(import.meta.url));
export const distDir = path.join(serverRoot, 'dist');
export const serverBundle = path.join(distDir, 'server.js');
export const templateBuilder = path.join(distDir, 'build-template.js');

/** What the bundle is made of: a change to any of these makes it stale. */
const bundleSources = [
  path.join(serverRoot, 'src'),
  path.join(serverRoot, 'package.json'),
  path.join(serverRoot, 'build.mjs'),
  path.join(serverRoot, '../../packages/shared/src'),
  path.join(serverRoot, '../../packages/shared/package.json'),
];

/** Newest modification time of a file or of the files under a folder (0 when missing). */
export function newestMtime(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const dirent of readdirSync(entry, { withFileTypes: true, recursive: true })) {
    if (!dirent.isFile()) continue;
    try {
      newest = Math.max(newest, statSync(path.join(dirent.parentPath, dirent.name)).mtimeMs);
    } catch {
      // removed while we looked
    }
  }
  return newest;
}

/** Why the bundle needs building, or null when it is current. */
export function serverBundleReason() {
  let built;
  try {
    built = statSync(serverBundle).mtimeMs;
  } catch {
    return 'apps/server/dist/server.js is missing';
  }
  const stale = bundleSources.find((entry) => newestMtime(entry) > built);
  return stale ? `${path.relative(path.resolve(serverRoot, '../..'), stale)} changed since the last build` : null;
}

/** A server still running from an earlier bundle loads its lazy chunks later: keep them this long. */
const KEEP_OLD_OUTPUTS_MS = 24 * 60 * 60 * 1000;

/** Removes files of earlier builds (chunk names change with their content) once they are old. */
function pruneOldOutputs(outputs) {
  const current = new Set(Object.keys(outputs).map((file) => path.resolve(serverRoot, file)));
  for (const name of readdirSync(distDir)) {
    const file = path.join(distDir, name);
    if (current.has(file)) continue;
    try {
      if (Date.now() - statSync(file).mtimeMs > KEEP_OLD_OUTPUTS_MS) rmSync(file, { recursive: true, force: true });
    } catch {
      // removed meanwhile by a parallel build
    }
  }
}

/**
 * Each file is written beside its final name and renamed into place, chunks before the entries that
 * import them, so a server starting while another build runs never reads half a file or a chunk
 * that is not there yet.
 */
function writeOutputs(files) {
  mkdirSync(distDir, { recursive: true });
  const isEntry = (file) => !path.basename(file.path).startsWith('chunk-');
  for (const file of [...files.filter((f) => !isEntry(f)), ...files.filter(isEntry)]) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

/** Bare imports stay imports, except our workspace packages, which are TypeScript source. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@copydesk/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer({ quiet = false } = {}) {
  const started = new Date();
  // Loaded here, so checking for staleness does not start esbuild.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: serverRoot,
    entryPoints: {
      server: 'src/server.ts',
      'read-sheet.worker': 'src/lib/spreadsheet-pool/read-sheet.worker.ts',
      'convert-docx.worker': 'src/lib/document-pool/convert-docx.worker.ts',
      'pglite.worker': 'src/db/pglite-thread/worker.ts',
      'build-template': 'src/db/build-template.ts',
    },
    outdir: distDir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces point into src/ under `node --enable-source-maps`; without the sources inlined
    // the maps stay small, and cheap to load at start-up.
    sourcemap: 'linked',
    sourcesContent: false,
    chunkNames: 'chunk-[hash]',
    plugins: [externalPackages],
    logLevel: quiet ? 'error' : 'warning',
    metafile: true,
    write: false,
  });
  writeOutputs(result.outputFiles);
  pruneOldOutputs(result.metafile.outputs);
  // The bundle is as new as the sources it read: a file saved during the build makes it stale.
  utimesSync(serverBundle, started, started);
  if (!quiet) {
    const bytes = Object.entries(result.metafile.outputs)
      .filter(([file]) => file.endsWith('.js'))
      .reduce((sum, [, output]) => sum + output.bytes, 0);
    console.log(`Server bundle ready in apps/server/dist (${Math.round(bytes / 1024)} KB of JavaScript, ${Date.now() - started.getTime()} ms).`);
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = process.argv.includes('--if-stale') ? serverBundleReason() : 'asked for';
  if (reason) {
    try {
      if (process.argv.includes('--if-stale')) console.log(`Building the server (${reason})…`);
      await buildServer();
    } catch {
      // esbuild has already printed what failed.
      process.exitCode = 1;
    }
  }
}
