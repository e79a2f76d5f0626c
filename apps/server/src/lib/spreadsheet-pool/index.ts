import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pLimit from 'p-limit';
import { Tinypool } from 'tinypool';
import type { ReadSheetResult, ReadSheetTask } from './read-sheet.worker.js';
import { workerEntry } from '../../worker-entry.js';

/**
 * Spreadsheet uploads are parsed in a pool of worker processes, never on the event loop
 * (docs/decisions/0020-spreadsheets-in-worker-processes.md): a heavy but legal .xlsx costs seconds
 * of CPU and hundreds of MB, which on the main thread stalls every user. The pool bounds that work: at most `workers` parses at once, at most `queue` waiting,
 * each worker under a heap cap, each parse stopped `timeoutMs` after a worker took it.
 *
 * Processes rather than threads: a worker thread's `resourceLimits` is best effort, and a parse that
 * reaches the cap can abort the whole server ("FATAL ERROR: Reached heap limit", nodejs/node#47224;
 * it did in 2 of 7 runs here). A child process that reaches --max-old-space-size dies alone.
 */
export interface SpreadsheetPoolOptions {
  workers: number;
  /** Uploads that may wait for a free worker; one more is refused at once ("busy"). */
  queue: number;
  /** V8 heap of one worker process (`--max-old-space-size`), in MB. */
  memoryMb: number;
  /**
   * A parse still running this long after a worker took it is stopped by killing its worker. The
   * clock starts when the parse leaves the queue, never at submission: a sheet that waited behind
   * others has its full time to run.
   */
  timeoutMs: number;
  /** An idle worker exits after this and returns its memory; the next upload starts a new one. */
  idleTimeoutMs?: number;
}

/** busy: pool full. failed: the worker died (out of memory or crashed). timeout: killed. closed: app closing. */
export type SpreadsheetFailure = 'busy' | 'failed' | 'timeout' | 'closed';

export class SpreadsheetPoolError extends Error {
  /** On `busy`: seconds after which a free place is likely, for the caller's `Retry-After`. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly reason: SpreadsheetFailure,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(`spreadsheet pool: ${reason}`, options);
    this.name = 'SpreadsheetPoolError';
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export interface SpreadsheetPool {
  readSheet(task: ReadSheetTask): Promise<ReadSheetResult>;
  /** Parses waiting for a free worker right now (the queue's length, for metrics). */
  readonly waiting: number;
  /** Parses running in a worker right now. */
  readonly running: number;
  close(): Promise<void>;
}

/** What `Retry-After` assumes of a parse before any has finished. */
const FIRST_ESTIMATE_MS = 5_000;

export function createSpreadsheetPool(options: SpreadsheetPoolOptions, log?: { warn(obj: object, msg: string): void }): SpreadsheetPool {
  const pool = new Tinypool({
    // ts-worker.mjs loads read-sheet.worker.ts from source; tinypool stays an external package, since
    // it forks its own entry file from its package folder.
    filename: fileURLToPath(workerEntry(import.meta.url, { shim: './ts-worker.mjs', bundled: './read-sheet.worker.js' })),
    runtime: 'child_process',
    // Buffers and row objects cross as structured clones, not JSON.
    serialization: 'advanced',
    // No worker until the first upload.
    minThreads: 0,
    maxThreads: options.workers,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    // The queue is `slots` below: tinypool is never handed more parses than it has workers, so its
    // own queue holds at most the ones whose worker is still starting.
    maxQueue: options.workers,
    // Workers get none of the server's environment (secrets); the loaders the server runs under
    // (tsx) are kept, a debugger port or heap size of the server are not.
    env: {},
    execArgv: [...process.execArgv.filter((arg) => !/^--(inspect|max-old-space-size)/.test(arg)), `--max-old-space-size=${options.memoryMb}`],
  } as ConstructorParameters<typeof Tinypool>[0]);
  // A worker that dies while idle is replaced on demand; without a listener the event would crash
  // the server.
  pool.on('error', (err: unknown) => log?.warn({ err }, 'spreadsheet worker failed'));

  // The queue: at most `workers` parses are in tinypool at once, the others wait here, first come
  // first served. Waiting here costs no time of the parse's own limit, which starts in `run`.
  const slots = pLimit({ concurrency: options.workers, rejectOnClear: true });
  const capacity = options.workers + options.queue;
  let closed = false;
  // A running mean of how long parses take, for the `Retry-After` of a refusal.
  let meanRunMs = Math.min(FIRST_ESTIMATE_MS, options.timeoutMs);

  const run = async (task: ReadSheetTask): Promise<ReadSheetResult> => {
    if (closed) throw new SpreadsheetPoolError('closed');
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const started = performance.now();
    try {
      return (await pool.run(task, { signal: deadline })) as ReadSheetResult;
    } catch (err) {
      // Our own signal says whether the time ran out: no reliance on tinypool's error names or texts.
      if (closed) throw new SpreadsheetPoolError('closed', { cause: err });
      if (deadline.aborted) throw new SpreadsheetPoolError('timeout', { cause: err });
      throw new SpreadsheetPoolError('failed', { cause: err });
    } finally {
      meanRunMs = 0.7 * meanRunMs + 0.3 * (performance.now() - started);
    }
  };

  return {
    async readSheet(task) {
      if (closed) throw new SpreadsheetPoolError('closed');
      if (slots.activeCount + slots.pendingCount >= capacity) {
        // Every place is taken: the line ahead clears in about (waiting / workers + 1) parses.
        const rounds = Math.floor(slots.pendingCount / options.workers) + 1;
        throw new SpreadsheetPoolError('busy', { retryAfterSeconds: Math.max(1, Math.ceil((rounds * meanRunMs) / 1000)) });
      }
      try {
        return await slots(run, task);
      } catch (err) {
        if (err instanceof SpreadsheetPoolError) throw err;
        // Only `clearQueue` (closing) rejects a parse that never ran.
        throw new SpreadsheetPoolError(closed ? 'closed' : 'failed', { cause: err });
      }
    },
    get waiting() {
      return slots.pendingCount;
    },
    get running() {
      return slots.activeCount;
    },
    async close() {
      closed = true;
      slots.clearQueue();
      await pool.destroy();
    },
  };
}

export type { ReadSheetResult, ReadSheetTask } from './read-sheet.worker.js';
