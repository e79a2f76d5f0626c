// The embedded database's thread (see ./index.ts). Prepares the data directory from the migrated
// template when it is new, opens PGlite there, and answers the event loop's requests. PGlite keeps
// its own order: a query waits for an open transaction to end, as it does in one thread.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { openPGlite } from '../pglite.js';
import { unpackTemplate } from '../unpack-template.js';
import { stringParsers } from './parsers.js';
import { serializeError, type PGliteThreadData, type Request, type Response, type Startup } from './protocol.js';

const port = parentPort!;
const { dir, templateFile } = workerData as PGliteThreadData;

/**
 * A new database starts from the template: unpacked by Node into a new folder, loaded by PGlite
 * (`loadDataDir`) into a folder that already holds other files.
 */
function open(): PGlite {
  // PGlite does not create parent folders of its data directory.
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
  const unpacked = fresh && unpackTemplate(templateFile, dir);
  const loadDataDir = fresh && !unpacked && fs.existsSync(templateFile) ? new Blob([fs.readFileSync(templateFile)]) : undefined;
  return openPGlite(dir, { parsers: stringParsers, ...(loadDataDir ? { loadDataDir } : {}) });
}

interface OpenTransaction {
  tx: Transaction;
  /** Lets the held transaction callback finish: true commits, false rolls back. */
  finish(commit: boolean): void;
  /** Settles when PGlite has run COMMIT or ROLLBACK. */
  done: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
let nextTxId = 1;
/** Thrown inside the held callback to have PGlite roll back; not an error to report. */
const rollBack = Symbol('roll back');

function begin(db: PGlite): Promise<number> {
  const txId = nextTxId++;
  return new Promise<number>((resolveBegun, rejectBegun) => {
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    let begun = false;
    const done = db
      .transaction(async (tx) => {
        transactions.set(txId, { tx, finish, done });
        begun = true;
        resolveBegun(txId);
        if (!(await decided)) throw rollBack;
      })
      .then(
        () => undefined,
        (err: unknown) => {
          if (err !== rollBack) throw err;
        },
      )
      .finally(() => transactions.delete(txId));
    // BEGIN itself failed: the transaction never opened.
    done.catch((err: unknown) => {
      if (!begun) rejectBegun(err);
    });
  });
}

function transaction(txId: number | undefined): OpenTransaction {
  const open = txId === undefined ? undefined : transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  return open;
}

/**
 * The data directory as PGlite's own gzipped tar. A checkpoint first writes every committed change
 * into the data files; the dump then runs inside a transaction of its own, which PGlite grants only
 * once every open transaction has ended and which holds new ones back until the copy is taken, so
 * the copy is the database between two transactions: restored, it opens without a recovery.
 */
async function dump(db: PGlite): Promise<Uint8Array> {
  await db.exec('CHECKPOINT');
  const tarball = await db.transaction(() => db.dumpDataDir('gzip'));
  return new Uint8Array(await tarball.arrayBuffer());
}

async function handle(db: PGlite, request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options: QueryOptions = { rowMode: request.rowMode };
      return request.txId === undefined
        ? db.query(request.sql, request.params, options)
        : transaction(request.txId).tx.query(request.sql, request.params, options);
    }
    case 'begin':
      return begin(db);
    case 'end': {
      const open = transaction(request.txId);
      open.finish(request.commit);
      return open.done;
    }
    case 'dump':
      return dump(db);
    case 'close':
      return db.close();
  }
}

// Listening from the start keeps this thread's event loop running while PGlite boots (without an
// active handle it idles for a quarter of a second after the boot before it takes the first
// request); requests that arrive meanwhile wait for the database to open.
const opened = (async () => {
  const db = open();
  await db.waitReady;
  return db;
})();

port.on('message', (request: Request) => {
  opened
    .then((db) => handle(db, request))
    .then(
      (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Response),
      (err: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(err) } satisfies Response),
    );
});

opened.then(
  () => port.postMessage({ ready: true } satisfies Startup),
  (err: unknown) => {
    port.postMessage({ ready: false, error: serializeError(err) } satisfies Startup);
    process.exit(1);
  },
);
