#!/usr/bin/env node
// `npm run backup -- --out FILE`: one file holding the database and the stored files
// (docs/operations.md, "Backups"). It reads the same variables as the server:
//   - embedded database (DATABASE_URL unset, DATA_DIR/db): PGlite's own dump of the data directory.
//     While a server runs on DATA_DIR it holds the database, so the dump is asked of it through its
//     backup socket (apps/server/src/plugins/backup-channel.ts, docs/decisions/0031-online-backups.md)
//     and taken between two transactions; with no server running, the folder is opened here.
//   - PostgreSQL (DATABASE_URL=postgres://…): pg_dump's custom format (pg_dump -Fc), a consistent
//     snapshot however busy the database is. pg_dump must be on the PATH.
//   - files: with FILE_STORAGE=disk, every file under FILE_STORAGE_DIR (DATA_DIR/files), copied after
//     the database, so every file the database names is in the archive (files are written before
//     the rows that name them). With FILE_STORAGE=s3 the bucket is not copied: keep it with the
//     bucket's own versioning (and replication).
// The archive is a tar: manifest.json, database/…, files/<key>. It is written beside FILE as
// FILE.partial and renamed when complete, so FILE is never half a backup.
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  EMBEDDED_DUMP,
  FILES_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  POSTGRES_DUMP,
  Refusal,
  askServer,
  backupSocketPath,
  fail,
  mb,
  pgTool,
  run,
  safeUrl,
  serverImport,
  settings,
} from './lib/backup-common.mjs';

const usage =
  'Usage: npm run backup -- --out FILE [--offline]   (DATA_DIR, DATABASE_URL, FILE_STORAGE, FILE_STORAGE_DIR as for the server)\n' +
  '  --offline  open an embedded database that looks in use (a killed server left its postmaster.pid) when no server answers';

async function main() {
  let args;
  try {
    args = parseArgs({
      options: { out: { type: 'string', short: 'o' }, offline: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
    });
  } catch (err) {
    throw new Refusal(`${err.message}\n${usage}`);
  }
  if (args.values.help) {
    console.log(usage);
    return;
  }
  if (!args.values.out) throw new Refusal(`--out FILE is required.\n${usage}`);
  const out = path.resolve(args.values.out);
  if (existsSync(out) && statSync(out).isDirectory()) throw new Refusal(`${out} is a folder; --out names the backup file to write.`);
  mkdirSync(path.dirname(out), { recursive: true });
  const config = settings();
  const started = Date.now();

  const { default: tar } = await serverImport('tar-stream');
  const partial = `${out}.partial`;
  const pack = tar.pack();
  const sink = createWriteStream(partial, { mode: 0o600 });
  pack.pipe(sink);
  const sinkDone = once(sink, 'finish');
  const addBuffer = (name, data) =>
    new Promise((resolve, reject) => pack.entry({ name, size: data.length, mode: 0o600 }, data, (err) => (err ? reject(err) : resolve())));
  const addFile = (name, file, size) =>
    new Promise((resolve, reject) => {
      const entry = pack.entry({ name, size, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
      createReadStream(file).on('error', reject).pipe(entry);
    });

  let temp;
  try {
    // The database first: a file written after this point may be missing from the archive, but only
    // if no row of the dumped database names it.
    let database;
    let fileStorage = config.files;
    if (config.database.kind === 'embedded') {
      const { dump, source, info } = await embeddedDump(config, Boolean(args.values.offline));
      if (info?.fileStorage === 'disk' && info.fileStorageDir) fileStorage = { kind: 'disk', dir: info.fileStorageDir };
      if (info?.fileStorage === 's3') fileStorage = { kind: 's3', bucket: fileStorage.bucket };
      database = { kind: 'embedded', entry: EMBEDDED_DUMP, bytes: dump.length, source };
      await addManifest(addBuffer, database, fileStorage);
      await addBuffer(EMBEDDED_DUMP, dump);
    } else {
      const version = pgTool('pg_dump');
      temp = mkdtempSync(path.join(os.tmpdir(), 'copydesk-backup-'));
      const dumpFile = path.join(temp, 'postgres.dump');
      console.log(`Dumping ${safeUrl(config.database.url)} with ${version}…`);
      run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpFile}`, `--dbname=${config.database.url}`], 'pg_dump');
      const bytes = statSync(dumpFile).size;
      database = { kind: 'postgres', entry: POSTGRES_DUMP, bytes, source: version };
      await addManifest(addBuffer, database, fileStorage);
      await addFile(POSTGRES_DUMP, dumpFile, bytes);
    }
    console.log(`Database: ${database.kind === 'embedded' ? 'embedded (PGlite)' : 'PostgreSQL'}, ${mb(database.bytes)} (${database.source}).`);

    let fileCount = 0;
    let fileBytes = 0;
    if (fileStorage.kind === 'disk') {
      for (const { key, file } of storedFiles(fileStorage.dir)) {
        // Read whole (uploads are at most a few MB): a file being written now has no row in the
        // dump, and its length cannot change under the tar entry.
        let data;
        try {
          data = readFileSync(file);
        } catch (err) {
          if (err.code === 'ENOENT') continue; // removed meanwhile (a replaced picture): nothing names it
          throw err;
        }
        await addBuffer(`${FILES_PREFIX}${key}`, data);
        fileCount += 1;
        fileBytes += data.length;
      }
      console.log(`Files: ${fileCount} from ${fileStorage.dir}, ${mb(fileBytes)}.`);
    } else {
      console.log(
        `Files: FILE_STORAGE=s3; the bucket ${fileStorage.bucket} is not copied into this file. Keep it with the bucket's own versioning (and replication), and restore the objects from there.`,
      );
    }
    pack.finalize();
    await sinkDone;
    renameSync(partial, out);
    console.log(`Backup written to ${out} (${mb(statSync(out).size)}) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } catch (err) {
    pack.destroy();
    sink.destroy();
    rmSync(partial, { force: true });
    throw err;
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

function addManifest(addBuffer, database, files) {
  const manifest = {
    format: FORMAT,
    version: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    database: { kind: database.kind, entry: database.entry, bytes: database.bytes },
    files: files.kind === 'disk' ? { kind: 'disk', prefix: FILES_PREFIX } : { kind: 's3', note: 'the bucket is kept by its own versioning' },
    migrations: newestMigration(),
  };
  return addBuffer(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
}

/** The newest migration the code knows (the restored database may not be older than the code that restores it). */
function newestMigration() {
  try {
    const journal = JSON.parse(readFileSync(new URL('../apps/server/src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'));
    return journal.entries.at(-1)?.tag ?? null;
  } catch {
    return null;
  }
}

/** The embedded database's dump: from the running server, or from the folder when none runs. */
async function embeddedDump(config, offline) {
  const info = await askServer(config.dataDir, 'GET', '/info');
  if (info) {
    if (info.status !== 200) throw new Refusal(`The server running on ${config.dataDir} did not describe itself (${info.status}).`);
    const about = JSON.parse(info.body.toString('utf8'));
    console.log(`A server runs on ${config.dataDir} (pid ${about.pid}): asking it for a consistent dump…`);
    const answer = await askServer(config.dataDir, 'POST', '/dump');
    if (!answer) throw new Refusal('The server stopped while the dump was being taken; run the backup again.');
    if (answer.status !== 200) throw new Refusal(`The running server could not dump the database (${answer.status}): ${answer.body.toString('utf8')}`);
    return { dump: answer.body, source: `online, from server pid ${about.pid}`, info: about };
  }
  if (!existsSync(path.join(config.database.dir, 'PG_VERSION'))) {
    throw new Refusal(`There is no embedded database in ${config.database.dir}. Set DATA_DIR to the server's data folder (or DATABASE_URL for PostgreSQL).`);
  }
  // PGlite keeps postmaster.pid while a database is open and removes it when it closes: here with
  // no server answering, it is either a killed server's (stale) or a server that has no socket (an
  // older version, or one that could not open it). Opening the folder under a live server would
  // corrupt it, so that takes the operator's word.
  if (existsSync(path.join(config.database.dir, 'postmaster.pid')) && !offline) {
    throw new Refusal(
      `${config.database.dir} looks in use (postmaster.pid), but no server answers on its backup socket (${backupSocketPath(config.dataDir)}).\n` +
        `If a server is running on it, stop it (or update it: this server version has no backup socket) and run this again.\n` +
        `If none runs (the last one was killed), add --offline to open the folder here.`,
    );
  }
  // No server holds the folder: open it here. PGlite runs its recovery if the last server was killed.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([serverImport('@electric-sql/pglite'), serverImport('@electric-sql/pglite/contrib/pg_trgm')]);
  const db = new PGlite({ dataDir: config.database.dir, extensions: { pg_trgm } });
  try {
    await db.waitReady;
    await db.exec('CHECKPOINT');
    const tarball = await db.dumpDataDir('gzip');
    return { dump: Buffer.from(await tarball.arrayBuffer()), source: 'offline, no server running', info: null };
  } finally {
    await db.close();
  }
}

/** Every stored file under the file store's folder, as its storage key (`folder/name.ext`). */
function* storedFiles(root) {
  if (!existsSync(root)) return;
  const walk = function* (dir) {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile()) yield { key: path.relative(root, full).split(path.sep).join('/'), file: full };
    }
  };
  yield* walk(root);
}

main().catch(fail);
