import { Worker } from 'node:worker_threads';
import { workerEntry } from '../../worker-entry.js';
import { stringTypeIds } from './parsers.js';
import { deserializeError, type PGliteThreadData, type Request, type Response, type RowMode, type Startup } from './protocol.js';

/**
 * The embedded database in a worker thread of its own (docs/decisions/0016-embedded-database.md):
 * PGlite's WebAssembly runs there, so a query no longer holds the event loop that parses requests
 * and writes responses, and the database boots while the server loads its code and registers its
 * routes.
 *
 * This is the part of PGlite's client that drizzle-orm's PGlite driver and its migrator use
 * (`query`, `transaction`, `close`), forwarded to ./worker.ts. Rows come back as they would
 * from PGlite in this thread: the worker's PGlite returns the types drizzle asks for as text
 * (./parsers.ts). A transaction holds the database as PGlite's own does: a query outside it waits
 * until it ends.
 */

interface QueryOptions {
  rowMode?: RowMode;
  parsers?: Record<number, unknown>;
}

export interface ThreadResults {
  rows: unknown[];
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
}

/** A request before its id is given (Omit over each member of the union). */
type RequestBody = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

type Pending = { resolve(value: unknown): void; reject(err: Error): void };

/** What a caller sees once the thread has stopped; isDatabaseUnavailable() knows this message. */
const closedMessage = 'PGlite is closed';

/** Only the parsers the worker applies itself can be honoured; any other would be dropped silently. */
function checkParsers(options: QueryOptions | undefined) {
  for (const key of Object.keys(options?.parsers ?? {})) {
    if (!stringTypeIds.includes(Number(key))) throw new Error(`The embedded database's thread cannot apply a parser for type ${key}`);
  }
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Why requests fail now: set when the thread stops or is closed. */
  #stopped: Error | null = null;
  /** Settles when the database is open (or could not be opened). */
  readonly waitReady: Promise<void>;

  /** Hears of a thread that stopped without being closed (queries answer "unavailable" from then on). */
  onLost: ((err: Error) => void) | undefined;

  constructor(data: PGliteThreadData) {
    this.#worker = new Worker(workerEntry(import.meta.url, { shim: './ts-worker.mjs', bundled: './pglite.worker.js' }), { workerData: data });
    this.waitReady = new Promise<void>((resolve, reject) => {
      this.#worker.once('message', (startup: Startup) => {
        if (startup.ready) {
          this.#worker.on('message', (response: Response) => this.#settle(response));
          resolve();
        } else {
          const err = deserializeError(startup.error);
          this.#stop(err);
          reject(err);
        }
      });
      const lost = (err: Error) => {
        if (this.#stopped) return;
        this.#stop(err);
        this.onLost?.(err);
        reject(err);
      };
      this.#worker.once('error', (err) => lost(new Error(`${closedMessage}: its thread failed (${err.message})`, { cause: err })));
      this.#worker.once('exit', (code) => lost(new Error(`${closedMessage}: its thread ended (exit code ${code})`)));
    });
    // A failed start is reported to whoever waits on the first query; never unhandled.
    this.waitReady.catch(() => {});
  }

  get closed(): boolean {
    return this.#stopped !== null;
  }

  #stop(reason: Error) {
    if (this.#stopped) return;
    this.#stopped = reason;
    for (const pending of this.#pending.values()) pending.reject(reason);
    this.#pending.clear();
  }

  #settle(response: Response) {
    const pending = this.#pending.get(response.id);
    if (!pending) return;
    this.#pending.delete(response.id);
    if (response.ok) pending.resolve(response.value);
    else pending.reject(deserializeError(response.error));
  }

  async #request<T>(request: RequestBody): Promise<T> {
    await this.waitReady;
    if (this.#stopped) throw this.#stopped;
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id } as Request);
    });
  }

  query(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<ThreadResults> {
    checkParsers(options);
    return this.#request({ op: 'query', sql, params, rowMode: options?.rowMode });
  }

  /** BEGIN; the callback's queries; COMMIT, or ROLLBACK when it throws (and the error is rethrown). */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = await this.#request<number>({ op: 'begin' });
    let closed = false;
    const tx: ThreadTransaction = {
      query: async (sql, params = [], options) => {
        if (closed) throw new Error('Transaction is closed');
        checkParsers(options);
        return this.#request({ op: 'query', sql, params, rowMode: options?.rowMode, txId });
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (err) {
      closed = true;
      // The worker rolls back; if the thread is gone there is nothing left to roll back.
      await this.#request({ op: 'end', txId, commit: false }).catch(() => {});
      throw err;
    }
    closed = true;
    await this.#request({ op: 'end', txId, commit: true });
    return result;
  }

  /** A consistent copy of the data directory as a gzipped tar (worker.ts, `dump`). */
  dumpDataDir(): Promise<Uint8Array> {
    return this.#request({ op: 'dump' });
  }

  /** Closes the database (a clean shutdown of PGlite) and ends the thread. */
  async close(): Promise<void> {
    if (!this.#stopped) {
      try {
        await this.#request({ op: 'close' });
      } finally {
        this.#stop(new Error(closedMessage));
      }
    }
    await this.#worker.terminate();
  }
}

const started = new Map<string, PGliteThread>();

/**
 * Starts the database thread for `dir` ahead of the server (server.ts, before it loads the rest of
 * its code), so PGlite boots on the other core meanwhile. openDatabase() takes it over.
 */
export function prestartPGliteThread(data: PGliteThreadData): void {
  if (!started.has(data.dir)) started.set(data.dir, new PGliteThread(data));
}

/**
 * The thread prestarted for `dir` (once), or a new one opened with `data()` (asked only then: naming
 * the template hashes the migrations). A prestarted thread that failed to open has already rejected
 * its `waitReady`, which the first query reports.
 */
export function startPGliteThread(dir: string, data: () => PGliteThreadData, onLost?: (err: Error) => void): PGliteThread {
  const thread = started.get(dir) ?? new PGliteThread(data());
  started.delete(dir);
  thread.onLost = onLost;
  return thread;
}
