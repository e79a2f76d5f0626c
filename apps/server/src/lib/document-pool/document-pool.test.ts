import { brotliDecompressSync } from 'node:zlib';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDocx } from '../../test/docx.js';
import { childrenNiceness } from '../../test/processes.js';
import { BACKGROUND_NICENESS } from '../background-priority.js';
import { createDocumentPool, DocumentPoolError, type DocumentPool } from './index.js';

/**
 * The document pool (docs/decisions/0030-documents-in-worker-processes.md): conversions run in
 * worker processes, the time limit counts from the moment a worker begins a job, and a job over it
 * has its worker process killed.
 */

const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i} of a long but ordinary article.`);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let pool: DocumentPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the document pool', () => {
  it.runIf(fs.existsSync('/proc/self/stat'))("reads documents below the server's priority (lib/background-priority.ts)", async () => {
    pool = createDocumentPool({ workers: 1, queue: 1, memoryMb: 256, timeoutMs: 20_000, maxPreviewBytes: 1024 * 1024 });
    expect((await pool.convert(await makeDocx(['Read in the background.']))).ok).toBe(true);
    const niceness = childrenNiceness('tinypool');
    expect(niceness.length).toBeGreaterThan(0);
    expect(niceness.every((n) => n >= BACKGROUND_NICENESS)).toBe(true);
  });

  it('converts a .docx in a worker: word count and the preview answer, compressed', async () => {
    pool = createDocumentPool({ workers: 1, queue: 1, memoryMb: 256, timeoutMs: 20_000, maxPreviewBytes: 1024 * 1024 });
    const result = await pool.convert(await makeDocx(['# A title', 'Two words.']));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.wordCount).toBe(4);
    expect(JSON.parse(brotliDecompressSync(result.preview).toString())).toEqual({ html: '<h1>A title</h1><p>Two words.</p>' });
    expect(await pool.convert(Buffer.from('not a zip'))).toEqual({ ok: false, reason: 'not-docx' });
  });

  it('refuses a preview over the cap', async () => {
    pool = createDocumentPool({ workers: 1, queue: 1, memoryMb: 256, timeoutMs: 20_000, maxPreviewBytes: 2_000 });
    expect(await pool.convert(await makeDocx(paragraphs(100)))).toEqual({ ok: false, reason: 'preview-too-large' });
    expect((await pool.convert(await makeDocx(paragraphs(10)))).ok).toBe(true);
  });

  it('kills the worker of a job still running when its time is up', async () => {
    const started: number[] = [];
    pool = createDocumentPool({
      workers: 1,
      queue: 1,
      memoryMb: 512,
      timeoutMs: 1_000,
      maxPreviewBytes: 100 * 1024 * 1024,
      onJobStart: (pid) => started.push(pid),
    });
    const heavy = await makeDocx(paragraphs(150_000));
    const failure = await pool.convert(heavy).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DocumentPoolError);
    expect((failure as DocumentPoolError).reason).toBe('timeout');
    expect(started).toHaveLength(1);
    // Terminated, not abandoned: the process that was converting is gone.
    await expect.poll(() => alive(started[0]!), { timeout: 10_000 }).toBe(false);
    // The pool carries on with a new worker. Its start counts against the same one-second limit, which
    // a loaded machine can miss (the workers run at a lower priority): what matters is that a later
    // job gets through.
    const small = await makeDocx(['Still here.']);
    await expect
      .poll(async () => (await pool!.convert(small).catch((err: unknown) => err as Error)) as { ok?: boolean }, { timeout: 30_000, interval: 500 })
      .toMatchObject({ ok: true });
  });

  it('counts the time limit from the start of each job, not from its submission', async () => {
    const file = await makeDocx(paragraphs(4_000));
    // One job's time on this machine, on a warm worker, sets the limit: five times that and half a
    // second, since the workers run at a lower priority and their time swings with the machine's load.
    const probe = createDocumentPool({ workers: 1, queue: 0, memoryMb: 256, timeoutMs: 60_000, maxPreviewBytes: 100 * 1024 * 1024 });
    await probe.convert(file);
    const t0 = performance.now();
    await probe.convert(file);
    const oneJob = performance.now() - t0;
    await probe.close();

    const timeoutMs = Math.round(5 * oneJob + 500);
    const starts: number[] = [];
    const queued = 60;
    pool = createDocumentPool({
      workers: 1,
      queue: queued,
      memoryMb: 256,
      timeoutMs,
      maxPreviewBytes: 100 * 1024 * 1024,
      onJobStart: () => starts.push(performance.now()),
    });
    // One worker: the jobs run one after another, so the later ones wait past a limit counted from
    // submission. How many that takes depends on the machine's load while they run (the probe above
    // may have run slower or faster), so there are far more than needed, and the test stops at the
    // first job that finished later than the limit after its submission; closing the pool drops the rest.
    const submitted = performance.now();
    const jobs = Array.from({ length: queued }, () =>
      pool!.convert(file).then(
        (result) => ({ result, at: performance.now() }),
        (error: unknown) => ({ result: error, at: performance.now() }),
      ),
    );
    expect(pool.queueSize).toBe(queued);
    let late: unknown = null;
    for (const job of jobs) {
      const { result, at } = await job;
      expect(result).toMatchObject({ ok: true });
      if (at - submitted > timeoutMs) {
        late = result;
        break;
      }
    }
    // A job that waited longer than the limit, in all, still converted: the limit starts with the job.
    expect(late).toMatchObject({ ok: true });
    expect(starts.length).toBeGreaterThan(1);
  }, 120_000);

  it('refuses a job at once when every worker and queue place is taken', async () => {
    pool = createDocumentPool({ workers: 1, queue: 1, memoryMb: 256, timeoutMs: 20_000, maxPreviewBytes: 100 * 1024 * 1024 });
    const file = await makeDocx(paragraphs(2_000));
    const first = pool.convert(file);
    const second = pool.convert(file);
    const third = await pool.convert(file).catch((err: unknown) => err);
    expect((third as DocumentPoolError).reason).toBe('busy');
    expect((await first).ok && (await second).ok).toBe(true);
  });
});
