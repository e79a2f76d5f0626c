#!/usr/bin/env node
// `npm run restore -- FILE [--force]`: puts a backup of `npm run backup` (scripts/backup.mjs) back
// (docs/operations.md, "Backups"), into the database and file store the same variables name:
//   - embedded: a new DATA_DIR/db, loaded from the dump by PGlite itself;
//   - PostgreSQL: pg_restore into DATABASE_URL (pg_restore must be on the PATH);
//   - files: into FILE_STORAGE_DIR (DATA_DIR/files); with FILE_STORAGE=s3 they are left to the
//     bucket's own versioning, and the command says so.
// It refuses a database or file store that already holds data unless --force is given (which
// replaces it), and always refuses while a server runs on the data folder.
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import {
  EMBEDDED_DUMP,
  FILES_PREFIX,
  FORMAT,
  MANIFEST,
  POSTGRES_DUMP,
  Refusal,
  askServer,
  fail,
  mb,
  pgTool,
  run,
  safeUrl,
  serverImport,
  settings,
} from './lib/backup-common.mjs';

const usage = 'Usage: npm run restore -- FILE [--force]   (DATA_DIR, DATABASE_URL, FILE_STORAGE, FILE_STORAGE_DIR as for the server)';
const KEY_PATTERN = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

const isEmptyDir = (dir) => !existsSync(dir) || readdirSync(dir).length === 0;

async function main() {
  let args;
  try {
    args = parseArgs({ options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  } catch (err) {
    throw new Refusal(`${err.message}\n${usage}`);
  }
  if (args.values.help) {
    console.log(usage);
    return;
  }
  if (args.positionals.length !== 1) throw new Refusal(`Name one backup file.\n${usage}`);
  const file = path.resolve(args.positionals[0]);
  if (!existsSync(file)) throw new Refusal(`${file} does not exist.`);
  const force = Boolean(args.values.force);
  const config = settings();

  if (await askServer(config.dataDir, 'GET', '/info')) {
    throw new Refusal(`A server is running on ${config.dataDir}. Stop it before restoring (or restore into another DATA_DIR).`);
  }

  const work = mkdtempSync(path.join(os.tmpdir(), 'copydesk-restore-'));
  try {
    const { manifest, files } = await unpack(file, work);
    const dumpFile = path.join(work, 'database');

    // Everything is checked before anything is written.
    if (config.database.kind !== manifest.database.kind) {
      throw new Refusal(
        `This backup holds ${manifest.database.kind === 'embedded' ? 'an embedded (PGlite) database' : 'a PostgreSQL database'}, ` +
          `but ${config.database.kind === 'embedded' ? 'DATABASE_URL is unset (embedded)' : 'DATABASE_URL names PostgreSQL'}. ` +
          (manifest.database.kind === 'postgres' ? 'Set DATABASE_URL to the (empty) database to restore into.' : 'Unset DATABASE_URL and set DATA_DIR.'),
      );
    }
    if (config.database.kind === 'embedded' && !isEmptyDir(config.database.dir) && !force) {
      throw new Refusal(`${config.database.dir} already holds a database. Restore into a new DATA_DIR, or add --force to replace it.`);
    }
    let pgClient;
    if (config.database.kind === 'postgres') {
      pgTool('pg_restore');
      const { default: pg } = await serverImport('pg');
      pgClient = new pg.Client({ connectionString: config.database.url });
      await pgClient.connect();
      const { rows } = await pgClient.query(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
      );
      if (rows[0].n > 0 && !force) {
        await pgClient.end();
        throw new Refusal(
          `${safeUrl(config.database.url)} is not empty (${rows[0].n} tables and sequences). Restore into a new database, or add --force to replace its contents.`,
        );
      }
    }
    if (config.files.kind === 'disk' && files > 0 && !isEmptyDir(config.files.dir) && !force) {
      await pgClient?.end();
      throw new Refusal(`${config.files.dir} already holds files. Restore into a new DATA_DIR (or FILE_STORAGE_DIR), or add --force to replace them.`);
    }

    if (config.database.kind === 'embedded') {
      await restoreEmbedded(config.database.dir, dumpFile);
      console.log(`Database: embedded, restored into ${config.database.dir}.`);
    } else {
      if (force) {
        // --clean drops what the dump creates; what else is there stays. A schema the dump does
        // not hold would be left behind, so the two schemas the migrations own are emptied first.
        await pgClient.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public');
      }
      await pgClient.end();
      run(
        'pg_restore',
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${config.database.url}`, dumpFile],
        'pg_restore',
      );
      console.log(`Database: PostgreSQL, restored into ${safeUrl(config.database.url)}.`);
    }

    const stored = path.join(work, 'files');
    if (config.files.kind === 'disk') {
      if (force) rmSync(config.files.dir, { recursive: true, force: true });
      mkdirSync(path.dirname(config.files.dir), { recursive: true });
      if (files > 0) {
        rmSync(config.files.dir, { recursive: true, force: true });
        renameOrCopy(stored, config.files.dir);
      }
      console.log(`Files: ${files} restored into ${config.files.dir}.`);
    } else {
      console.log(
        `Files: FILE_STORAGE=s3; ${files ? `the ${files} files in this backup are not uploaded` : 'no files are in this backup'}. The bucket keeps its objects with its own versioning: restore them there if needed.`,
      );
    }
    console.log(`Restored ${file} (taken ${manifest.createdAt}). Start the server on it as usual.`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Reads the archive into `work`: the database dump as work/database, the files under work/files. */
async function unpack(file, work) {
  const { default: tar } = await serverImport('tar-stream');
  const extract = tar.extract();
  let manifest = null;
  let database = false;
  let files = 0;
  extract.on('entry', (header, stream, next) => {
    const done = (err) => (err ? extract.destroy(err) : next());
    if (header.name === MANIFEST) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        try {
          manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          manifest = {};
        }
        done(manifest.format === FORMAT ? undefined : new Refusal('This file is not a Copydesk backup (its manifest is missing or unknown).'));
      });
      return;
    }
    if (!manifest) return done(new Refusal('This file is not a Copydesk backup (it does not start with its manifest).'));
    if (header.name === EMBEDDED_DUMP || header.name === POSTGRES_DUMP) {
      database = true;
      pipeline(stream, createWriteStream(path.join(work, 'database'))).then(() => next(), done);
      return;
    }
    if (header.name.startsWith(FILES_PREFIX) && header.type === 'file') {
      const key = header.name.slice(FILES_PREFIX.length);
      // Only names of the storage's own key shape (lib/storage.ts): nothing lands outside the folder.
      if (!KEY_PATTERN.test(key)) return done(new Refusal(`The backup holds a file with an unexpected name (${header.name}); refusing it.`));
      const target = path.join(work, 'files', key);
      mkdirSync(path.dirname(target), { recursive: true });
      files += 1;
      pipeline(stream, createWriteStream(target)).then(() => next(), done);
      return;
    }
    stream.resume();
    stream.on('end', () => next());
  });
  const finished = once(extract, 'finish');
  await pipeline(createReadStream(file), extract).catch((err) => {
    throw err instanceof Refusal ? err : new Refusal(`${file} could not be read as a backup: ${err.message}`);
  });
  await finished.catch(() => {});
  if (!manifest) throw new Refusal('This file is not a Copydesk backup (no manifest).');
  if (!database) throw new Refusal('This backup holds no database dump; it is incomplete.');
  console.log(`Backup of ${manifest.createdAt}: ${manifest.database.kind} database (${mb(manifest.database.bytes)}), ${files} files.`);
  return { manifest, files };
}

/** Loads PGlite's dump into a new data directory, built beside it and moved into place when complete. */
async function restoreEmbedded(dir, dumpFile) {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([serverImport('@electric-sql/pglite'), serverImport('@electric-sql/pglite/contrib/pg_trgm')]);
  const staging = `${dir}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(dir), { recursive: true });
  const db = new PGlite({ dataDir: staging, loadDataDir: new Blob([readFileSync(dumpFile)]), extensions: { pg_trgm } });
  try {
    await db.waitReady;
    // A read proves the copy opens; the count is for the operator.
    const { rows } = await db.query('select count(*)::int as n from orders');
    console.log(`Database check: ${rows[0].n} orders.`);
  } catch (err) {
    await db.close().catch(() => {});
    rmSync(staging, { recursive: true, force: true });
    throw new Refusal(`The database in this backup did not open: ${err.message}`);
  }
  await db.close();
  // The folder is empty (checked before) or, with --force, replaced.
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
}

function renameOrCopy(from, to) {
  try {
    renameSync(from, to);
  } catch (err) {
    if (err.code !== 'EXDEV') throw err;
    // The temp folder is on another file system: copy instead.
    for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const source = path.join(entry.parentPath ?? entry.path, entry.name);
      const target = path.join(to, path.relative(from, source));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, readFileSync(source));
    }
  }
}

main().catch(fail);
