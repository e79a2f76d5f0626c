import { fileURLToPath } from 'node:url';
import { Tinypool } from 'tinypool';
import { JOB_STARTED, type DocumentResult, type DocumentTask } from './convert-docx.worker.js';
import { workerEntry } from '../../worker-entry.js';

/**
 * Delivered .docx files are read in a pool of worker processes, never on the event loop
 * (docs/decisions/0030-documents-in-worker-processes.md): mammoth and sanitize-html on a legal
 * 46 MB document.xml cost a minute of CPU and gigabytes, which on the main thread stall every user.
 * Modelled on lib/spreadsheet-pool (processes rather than threads, for the same reason: a worker
 * that reaches its heap cap dies alone), with two differences:
 *
 * - The time limit counts from the moment a worker begins the job, not from submission: the worker
 *   says so through tinypool's per-task channel, and only then is the timer armed. A document that
 *   waited behind others is not refused for the wait.
 * - A job still running when its time is up is aborted, which makes tinypool terminate its worker
 *   process (SIGTERM, then SIGKILL): the CPU and memory come back, not only the caller's promise.
 */
export interface DocumentPoolOptions {
  workers: number;
  /** Documents that may wait for a free worker; one more is refused at once ("busy"). */
  queue: number;
  /** V8 heap of one worker process (`--max-old-space-size`), in MB. */
  memoryMb: number;
  /** A job still running this long after its worker began it is stopped by killing the worker. */
  timeoutMs: number;
  /** Bytes of sanitised preview HTML past which a delivery is refused. */
  maxPreviewBytes: number;
  /** An idle worker exits after this and returns its memory; the next document starts a new one. */
  idleTimeoutMs?: number;
  /** Called with the worker's process id when it begins a job (tests check that a killed one is gone). */
  onJobStart?: (pid: number) => void;
}

/** busy: pool full. failed: the worker died (out of memory or crashed). timeout: killed. closed: app closing. */
export type DocumentFailure = 'busy' | 'failed' | 'timeout' | 'closed';

export class DocumentPoolError extends Error {
  constructor(
    readonly reason: DocumentFailure,
    options?: { cause?: unknown },
  ) {
    super(`document pool: ${reason}`, options);
    this.name = 'DocumentPoolError';
  }
}

export type ConvertResult = DocumentResult;

export interface DocumentPool {
  /** Reads a .docx: its word count and its preview answer, compressed (brotli), or why it is refused. */
  convert(data: Uint8Array): Promise<ConvertResult>;
  /** Compresses a preview stored as plain HTML before previews were compressed. */
  compress(html: string): Promise<{ preview: Uint8Array; previewBytes: number }>;
  /** Jobs admitted but not yet begun by a worker (for metrics). */
  readonly queueSize: number;
  /** Jobs a worker is running now. */
  readonly running: number;
  close(): Promise<void>;
}

export function createDocumentPool(options: DocumentPoolOptions, log?: { warn(obj: object, msg: string): void }): DocumentPool {
  const pool = new Tinypool({
    filename: fileURLToPath(workerEntry(import.meta.url, { shim: './ts-worker.mjs', bundled: './convert-docx.worker.js' })),
    runtime: 'child_process',
    serialization: 'advanced',
    minThreads: 0,
    maxThreads: options.workers,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    maxQueue: options.workers + options.queue,
    // Workers get none of the server's environment (secrets); the loaders the server runs under
    // (tsx) are kept, a debugger port or heap size of the server are not.
    env: {},
    execArgv: [...process.execArgv.filter((arg) => !/^--(inspect|max-old-space-size)/.test(arg)), `--max-old-space-size=${options.memoryMb}`],
  } as ConstructorParameters<typeof Tinypool>[0]);
  pool.on('error', (err: unknown) => log?.warn({ err }, 'document worker failed'));

  // Counted here rather than read back from tinypool, whose queue counts workers still starting as
  // free capacity: running + waiting never exceeds workers + queue.
  let admitted = 0;
  let running = 0;
  let closed = false;
  const capacity = options.workers + options.queue;

  async function run<T>(task: DocumentTask): Promise<T> {
    if (closed) throw new DocumentPoolError('closed');
    if (admitted >= capacity) throw new DocumentPoolError('busy');
    admitted += 1;
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let started = false;
    // tinypool hands the task's channel every message of the worker that is not its own: the worker's
    // "started" (convert-docx.worker.ts) arms the clock.
    const channel = {
      postMessage(message: unknown) {
        const { type, pid } = (message ?? {}) as { type?: string; pid?: number };
        if (type !== JOB_STARTED || started) return;
        started = true;
        running += 1;
        timer = setTimeout(() => abort.abort(), options.timeoutMs);
        if (pid) options.onJobStart?.(pid);
      },
    };
    try {
      return (await pool.run(task, { signal: abort.signal, channel })) as T;
    } catch (err) {
      throw toPoolError(err, closed);
    } finally {
      clearTimeout(timer);
      if (started) running -= 1;
      admitted -= 1;
    }
  }

  return {
    convert: (data) => run<ConvertResult>({ kind: 'convert', data, maxPreviewBytes: options.maxPreviewBytes }),
    async compress(html) {
      const result = await run<DocumentResult>({ kind: 'compress', html });
      if (!result.ok) throw new DocumentPoolError('failed');
      return { preview: result.preview, previewBytes: result.previewBytes };
    },
    get queueSize() {
      return admitted - running;
    },
    get running() {
      return running;
    },
    async close() {
      closed = true;
      await pool.destroy();
    },
  };
}

function toPoolError(err: unknown, closed: boolean): DocumentPoolError {
  if (closed) return new DocumentPoolError('closed', { cause: err });
  const { name, message } = (err ?? {}) as { name?: string; message?: string };
  if (name === 'AbortError') return new DocumentPoolError('timeout', { cause: err });
  if (message === 'Task queue is at limit' || message === 'No task queue available and all Workers are busy') {
    return new DocumentPoolError('busy', { cause: err });
  }
  return new DocumentPoolError('failed', { cause: err });
}

export type { DocumentResult, DocumentTask } from './convert-docx.worker.js';
