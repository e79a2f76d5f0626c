import os from 'node:os';

/**
 * The niceness of the worker processes that parse spreadsheets and read documents (Linux's scale
 * runs from -20 to 19; the server runs at 0). When both want the CPU the kernel gives a process at 0
 * about nine times the share of one at 10, so on a machine with fewer cores than busy workers the
 * event loop still answers at once while heavy files are read
 * (docs/decisions/0020-spreadsheets-in-worker-processes.md).
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Puts the calling process below the server's priority. A worker calls it as it takes a job (never
 * at import: the server imports a worker module's constants). Where the system refuses, the work
 * runs as it is: the same result, only scheduled alike.
 */
export function runInBackground(): void {
  try {
    if (os.getPriority() < BACKGROUND_NICENESS) os.setPriority(BACKGROUND_NICENESS);
  } catch {
    // Not permitted on this system; nothing else changes.
  }
}
