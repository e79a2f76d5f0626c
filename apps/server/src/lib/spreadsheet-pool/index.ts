import { fileURLToPath } from 'node:url';
import { Tinypool } from 'tinypool';
import type { ReadSheetResult, ReadSheetTask } from './read-sheet.worker.js';
import { workerEntry } from '../../worker-entry.js';

/**
 * Spreadsheet uploads are parsed in a pool of worker processes, never on the event loop
 * (docs/decisions/0020-spreadsheets-in-worker-processes.md): a heavy but legal .xlsx costs seconds
 * of CPU and hundreds of MB, which on the main thread stalls every user. The pool bounds that work: at most `workers` parses at once, at most `queue` waiting,
 * each worker under a heap cap, each parse stopped after `timeoutMs`.
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
  /** A parse still running after this is stopped by killing its worker. */
  timeoutMs: number;
  /** An idle worker exits after this and returns its memory; the next upload starts a new one. */
  idleTimeoutMs?: number;
}

/** busy: pool full. failed: the worker died (out of memory or crashed). timeout: killed. closed: app closing. */
export type SpreadsheetFailure = 'busy' | 'failed' | 'timeout' | 'closed';

export class SpreadsheetPoolError extends Error {
  constructor(
    readonly reason: SpreadsheetFailure,
    options?: { cause?: unknown },
  ) {
    super(`spreadsheet pool: ${reason}`, options);
    this.name = 'SpreadsheetPoolError';
  }
}

export interface SpreadsheetPool {
  readSheet(task: ReadSheetTask): Promise<ReadSheetResult>;
  close(): Promise<void>;
}

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
    // The real gate is `admitted` below; this only keeps tinypool from queueing without bound.
    maxQueue: options.workers + options.queue,
    // Workers get none of the server's environment (secrets); the loaders the server runs under
    // (tsx) are kept, a debugger port or heap size of the server are not.
    env: {},
    execArgv: [...process.execArgv.filter((arg) => !/^--(inspect|max-old-space-size)/.test(arg)), `--max-old-space-size=${options.memoryMb}`],
  } as ConstructorParameters<typeof Tinypool>[0]);
  // A worker that dies while idle is replaced on demand; without a listener the event would crash
  // the server.
  pool.on('error', (err: unknown) => log?.warn({ err }, 'spreadsheet worker failed'));

  // Counted here rather than read back from tinypool, whose queue counts workers still starting as
  // free capacity: running + waiting never exceeds workers + queue.
  let admitted = 0;
  let closed = false;
  const capacity = options.workers + options.queue;

  return {
    async readSheet(task) {
      if (closed) throw new SpreadsheetPoolError('closed');
      if (admitted >= capacity) throw new SpreadsheetPoolError('busy');
      admitted += 1;
      try {
        return (await pool.run(task, { signal: AbortSignal.timeout(options.timeoutMs) })) as ReadSheetResult;
      } catch (err) {
        throw toPoolError(err, closed);
      } finally {
        admitted -= 1;
      }
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}

function toPoolError(err: unknown, closed: boolean): SpreadsheetPoolError {
  if (closed) return new SpreadsheetPoolError('closed', { cause: err });
  const { name, message } = (err ?? {}) as { name?: string; message?: string };
  if (name === 'AbortError') return new SpreadsheetPoolError('timeout', { cause: err });
  if (message === 'Task queue is at limit' || message === 'No task queue available and all Workers are busy') {
    return new SpreadsheetPoolError('busy', { cause: err });
  }
  return new SpreadsheetPoolError('failed', { cause: err });
}

export type { ReadSheetResult, ReadSheetTask } from './read-sheet.worker.js';
