// What `npm run backup` and `npm run restore` share (docs/operations.md, "Backups"): where the data
// lives (from the same variables the server reads), the running server's backup socket, the
// PostgreSQL tools, and the archive's layout.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The server's own copies of its packages (tar-stream, PGlite, pg), whatever npm hoisted to the root. */
const serverRequire = createRequire(path.join(repoRoot, 'apps/server/package.json'));
export const serverImport = (specifier) => import(pathToFileURL(serverRequire.resolve(specifier)).href);

/** The archive: manifest.json first, then the database, then the stored files under files/. */
export const FORMAT = 'copydesk-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const EMBEDDED_DUMP = 'database/pgdata.tar.gz';
export const POSTGRES_DUMP = 'database/postgres.dump';
export const FILES_PREFIX = 'files/';

/** Stops with a message and no stack: every refusal of these commands is an operator's to read. */
export class Refusal extends Error {}

export function fail(err) {
  if (err instanceof Refusal) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
}

/**
 * The settings the server would take from the same environment (apps/server/src/config.ts):
 * DATABASE_URL (unset = the embedded database in DATA_DIR/db), DATA_DIR (default ./data, as
 * `npm start` sets it), FILE_STORAGE and FILE_STORAGE_DIR (default DATA_DIR/files).
 */
export function settings(env = process.env) {
  const blank = (v) => (v === undefined || v === '' ? undefined : v);
  const dataDir = path.resolve(blank(env.DATA_DIR) ?? path.join(repoRoot, 'data'));
  const databaseUrl = blank(env.DATABASE_URL);
  if (databaseUrl === 'memory:') throw new Refusal('DATABASE_URL=memory: is an in-memory database: there is nothing on disk to back up or restore.');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new Refusal('DATABASE_URL must be a postgres:// URL (or unset for the embedded database).');
  const fileStorage = blank(env.FILE_STORAGE) ?? 'disk';
  if (!['disk', 's3'].includes(fileStorage)) throw new Refusal('FILE_STORAGE must be disk or s3.');
  return {
    dataDir,
    database: databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'embedded', dir: path.join(dataDir, 'db') },
    files:
      fileStorage === 's3'
        ? { kind: 's3', bucket: blank(env.S3_BUCKET) ?? '(S3_BUCKET)' }
        : { kind: 'disk', dir: path.resolve(blank(env.FILE_STORAGE_DIR) ?? path.join(dataDir, 'files')) },
  };
}

/** The running server's backup socket for a data folder: the rule of apps/server/src/plugins/backup-channel.ts. */
export function backupSocketPath(dataDir) {
  const inFolder = path.join(path.resolve(dataDir), 'backup.sock');
  if (Buffer.byteLength(inFolder) <= 100) return inFolder;
  const digest = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `copydesk-backup-${digest}.sock`);
}

/** One call on the running server's backup socket: {status, body} or null when no server answers. */
export function askServer(dataDir, method, urlPath) {
  const socketPath = backupSocketPath(dataDir);
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, method, path: urlPath }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    // A socket file nobody listens on is left by a server that was killed: no server runs.
    req.on('error', (err) => (['ECONNREFUSED', 'ENOENT'].includes(err.code) ? resolve(null) : reject(err)));
    req.end();
  });
}

/** A PostgreSQL client program on the PATH, or a refusal that says how to get it. */
export function pgTool(name) {
  const probe = spawnSync(name, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Refusal(
      `${name} was not found on the PATH. Install the PostgreSQL client programs of your server's major version ` +
        `(Debian/Ubuntu: apt-get install postgresql-client-<version>; they live in /usr/lib/postgresql/<version>/bin) ` +
        `and put them on the PATH, then run this again.`,
    );
  }
  return probe.stdout.trim();
}

/** Runs a program to the end, its output passed through; a refusal with its stderr when it fails. */
export function run(program, args, what) {
  const result = spawnSync(program, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Refusal(`${what} failed (${program} exited with ${result.status ?? result.signal}):\n${result.stderr ?? ''}`);
  if (result.stderr) process.stderr.write(result.stderr);
}

/** The URL without its password, for messages. */
export const safeUrl = (url) => {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL)';
  }
};

export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
