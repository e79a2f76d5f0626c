import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { childrenNiceness } from '../../test/processes.js';
import { rawSheet } from '../../test/xlsx.js';
import { BACKGROUND_NICENESS } from '../background-priority.js';
import { createSpreadsheetPool, SpreadsheetPoolError, type ReadSheetTask, type SpreadsheetPool } from './index.js';

/**
 * The queue clock (docs/decisions/0029-imports-in-chunks-and-message-digests.md): a parse's time limit
 * counts from when a worker takes it, so a sheet that waited behind others is not refused as too
 * slow, while a parse that itself runs past the limit still is.
 */
const COLUMNS = ['category', 'itemTitle', 'projectName', 'aboutCompany', 'targetAudience', 'wordCount', 'purpose', 'writingTone', 'publishingMedium'];
const task = (data: Buffer): ReadSheetTask => ({ data, columns: COLUMNS, maxRows: 10_000, maxCellChars: 1_000 });
/** A few hundred milliseconds of exceljs in a worker. */
const sheet = () => rawSheet(1500, (r, c) => `row ${r} column ${c} `.repeat(6));

let pools: SpreadsheetPool[] = [];
const open = (timeoutMs: number, queue = 4) => {
  const pool = createSpreadsheetPool({ workers: 1, queue, memoryMb: 256, timeoutMs });
  pools.push(pool);
  return pool;
};
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
});

/** How long one parse of `data` runs in a warm worker (the slowest and fastest of three), and the first one with the worker's start. */
async function runTime(data: Buffer): Promise<{ run: number; fastest: number; cold: number }> {
  const pool = open(120_000);
  const starting = performance.now();
  await pool.readSheet(task(data));
  const cold = performance.now() - starting;
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await pool.readSheet(task(data));
    runs.push(performance.now() - started);
  }
  return { run: Math.max(...runs), fastest: Math.min(...runs), cold };
}

describe('the spreadsheet pool queue', () => {
  it('gives a parse that waited longer than the limit its full time once a worker takes it', async () => {
    // A small sheet, so each parse is far inside the limit even on a busy machine (the workers run at
    // a lower priority than everything else, so their run time swings with the load).
    const data = await rawSheet(20, (r, c) => `row ${r} column ${c}`);
    const { run, fastest, cold } = await runTime(data);
    // The limit also covers a worker's start (the first parse of a new pool), measured here as `cold`.
    const limit = Math.ceil(Math.max(1_000, 20 * run, 5 * cold));
    // Enough sheets at once that the last ones wait longer than the limit in the queue: were the clock
    // started at submission, they would be refused as too slow. Parses on a warm worker can run
    // faster than measured, so a line that cleared in time is tried again, twice as long.
    let sheets = Math.ceil((1.5 * limit) / fastest) + 1;
    const pool = open(limit, 64 * sheets);
    await pool.readSheet(task(data)); // the worker is up before the queue forms
    let last = 0;
    for (let tries = 0; tries < 5 && last <= limit; tries++, sheets *= 2) {
      const submitted = performance.now();
      const settled = await Promise.allSettled(Array.from({ length: sheets }, () => pool.readSheet(task(data)).then(() => performance.now() - submitted)));
      expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
      last = (settled.at(-1) as PromiseFulfilledResult<number>).value;
    }
    expect(last, `the last of ${sheets / 2} sheets finished ${Math.round(last)} ms after submission, limit ${limit} ms`).toBeGreaterThan(limit);
  }, 180_000);

  it('still stops a parse that itself runs longer than the limit', async () => {
    const data = await sheet();
    const { run } = await runTime(data);
    const pool = open(Math.max(100, Math.floor(run / 4)));
    const err = await pool.readSheet(task(data)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpreadsheetPoolError);
    expect((err as SpreadsheetPoolError).reason).toBe('timeout');
    expect({ running: pool.running, waiting: pool.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('counts waiting parses, and refuses one past the queue with a Retry-After estimate', async () => {
    const data = await sheet();
    const pool = open(120_000, 2);
    const running = [pool.readSheet(task(data)), pool.readSheet(task(data)), pool.readSheet(task(data))];
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect({ running: pool.running, waiting: pool.waiting }).toEqual({ running: 1, waiting: 2 });
    const err = await pool.readSheet(task(data)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SpreadsheetPoolError);
    expect((err as SpreadsheetPoolError).reason).toBe('busy');
    expect((err as SpreadsheetPoolError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await Promise.all(running);
    expect({ running: pool.running, waiting: pool.waiting }).toEqual({ running: 0, waiting: 0 });
  });
});

describe.runIf(fs.existsSync('/proc/self/stat'))('the spreadsheet workers', () => {
  it("run below the server's priority, so the event loop gets the CPU first while they parse", async () => {
    const pool = open(120_000);
    expect((await pool.readSheet(task(await rawSheet(2, () => 'x')))).ok).toBe(true);
    const niceness = childrenNiceness('tinypool');
    expect(niceness.length).toBeGreaterThan(0);
    expect(niceness.every((n) => n >= BACKGROUND_NICENESS)).toBe(true);
  });
});
