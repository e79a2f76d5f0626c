/**
 * Messages between the server's event loop and the worker thread that runs the embedded database
 * (./index.ts and ./worker.ts). Every request carries an id; the worker answers each id once.
 */

/** What the worker needs to open the database: the folder, and the migrated template for a new one. */
export interface PGliteThreadData {
  /** PGlite's data directory (DATA_DIR/db). */
  dir: string;
  /** The gzipped template tarball (template.ts); used only when `dir` holds no database yet. */
  templateFile: string;
}

export type RowMode = 'array' | 'object';

export type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode?: RowMode; txId?: number }
  /** Opens a transaction; answered with its txId once BEGIN has run. */
  | { id: number; op: 'begin' }
  /** Ends a transaction: COMMIT or ROLLBACK; answered once it has run. */
  | { id: number; op: 'end'; txId: number; commit: boolean }
  /**
   * A consistent copy of the data directory (PGlite's dumpDataDir, gzipped tar), taken between
   * transactions; answered with its bytes. The online backup (plugins/backup-channel.ts) asks it.
   */
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** An error as it crosses the thread boundary: message, name, stack and PostgreSQL's fields (code, detail…). */
export interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  fields: Record<string, unknown>;
}

export type Response = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

/** First message of the worker: the database is open, or it could not be opened. */
export type Startup = { ready: true } | { ready: false; error: SerializedError };

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) {
    // Plain values only: anything else (a nested object with functions) would not clone.
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: err.message, name: err.name, stack: err.stack, fields };
}

export function deserializeError(serialized: SerializedError): Error {
  const err = Object.assign(new Error(serialized.message), serialized.fields);
  err.name = serialized.name;
  if (serialized.stack) err.stack = serialized.stack;
  return err;
}
