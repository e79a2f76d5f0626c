// Heavy files for `npm run bench` (BENCH_ONLY=heavy runs only these); prints, asserts nothing.
// While each of these runs against a server in its own process, GET /api/health and GET /login are
// asked again and again, and the server's resident memory is sampled:
//   - delivery of a ~17 MB ordinary .docx (55 MB of document.xml: long paragraphs of text, and
//     4 MB of images), then 8 concurrent reads of its preview when it was accepted
//   - delivery of a ~7 MB .docx whose word/document.xml inflates to ~46 MB: ~1.15 million short paragraphs
//   - 6 concurrent exports of an order of 20 documents of 15 MB (300 MB; BENCH_HEAVY_EXPORT_MB=… scales
//     each document, e.g. 5 for a 100 MB order)
//   - 8 heavy spreadsheet imports (5,000 rows each) at once
// Figures per case: p95 and max of /api/health and /login, the peak RSS of the server process and
// of the server with its worker processes, the answers' statuses and the case's duration. The
// longest /api/health answer is the event loop's longest stall, as a user sees it.
// Runs on the embedded database (a temporary folder) and, with BENCH_DATABASE_URL, on PostgreSQL
// too (in a database of its own, copydesk_bench_heavy, created and dropped on that server).
// The files are generated on the fly; nothing is kept. The server is `src/server.ts` through tsx,
// so the script also runs in a checkout of an older commit, for before-and-after figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ZipFile } from 'yazl';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { bulkSheet } from './lib/bulk-sheet.js';
import { seedItems } from './lib/bench-seed.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const msText = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'n/a');

const EXPORT_DOCS = 20;
const EXPORT_DOC_MB = Number(process.env.BENCH_HEAVY_EXPORT_MB ?? 15);
const EXPORTS = 6;
const SHEETS = 8;
const SHEET_ROWS = 5_000;
const PREVIEW_READS = 8;
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/* ── Files ────────────────────────────────────────────────────────────────────────────────────── */

const DOC_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body>';
const DOC_TAIL = '</w:body></w:document>';

/** A .docx from document.xml's paragraphs, as Word stores them (the parts Word needs). */
async function docxOf(paragraphXml: Iterable<string>, padding = 0): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="bin" ContentType="application/octet-stream"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    '_rels/.rels',
  );
  const parts: Buffer[] = [Buffer.from(DOC_HEAD)];
  for (const p of paragraphXml) parts.push(Buffer.from(p));
  parts.push(Buffer.from(DOC_TAIL));
  const xml = Buffer.concat(parts);
  zip.addBuffer(xml, 'word/document.xml');
  if (padding > 0) zip.addBuffer(randomBytes(padding), 'word/media/padding.bin', { compress: false });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Object.assign(Buffer.concat(chunks), { xmlBytes: xml.length });
}

function* words(seed: number) {
  const vocabulary = (
    'the a of to and in for with on that your this is are can more when how what why team customers business plan time ' +
    'content search readers brand growth cost simple clear first best small local online service quality value market ' +
    'product people work results guide step idea question answer choose start build keep measure improve review'
  ).split(' ');
  let s = seed;
  for (;;) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    yield `${vocabulary[s % vocabulary.length]!}${s % 7 === 0 ? String(s % 997) : ''}`;
  }
}

/**
 * An ordinary long document: paragraphs of 60 to 120 words until document.xml reaches `xmlBytes`,
 * and images (incompressible bytes, which mammoth leaves out) up to `fileBytes`.
 */
async function ordinaryDocx(xmlBytes: number, fileBytes: number) {
  const source = words(7);
  const next = () => source.next().value as string;
  function* paragraphs() {
    let size = 0;
    let n = 0;
    while (size < xmlBytes) {
      n += 1;
      const text =
        n % 8 === 1
          ? `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Part ${n} ${next()} ${next()}</w:t></w:r></w:p>`
          : `<w:p><w:r><w:t xml:space="preserve">${Array.from({ length: 60 + (n % 61) }, next).join(' ')}.</w:t></w:r></w:p>`;
      size += text.length;
      yield text;
    }
  }
  const text = await docxOf(paragraphs());
  return docxOf(paragraphs(), Math.max(0, fileBytes - text.length));
}

/**
 * Short paragraphs of seven random letters and digits each (so the zip stays near 7 MB) until
 * document.xml reaches `xmlBytes`: 1.15 million for 46 MB.
 */
async function manyParagraphsDocx(xmlBytes: number) {
  let seed = 11;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const word = () =>
    Array.from({ length: 7 }, () => (next() >>> 8) % 36)
      .map((n) => n.toString(36))
      .join('');
  let count = 0;
  function* paragraphs() {
    let size = 0;
    while (size < xmlBytes) {
      const text = `<w:p><w:r><w:t>${word()}</w:t></w:r></w:p>`;
      size += text.length;
      count += 1;
      yield text;
    }
  }
  const file = await docxOf(paragraphs());
  return Object.assign(file, { paragraphs: count });
}

/* ── The server in its own process, and what is measured while it works ─────────────────────── */

interface Server {
  child: ChildProcess;
  baseURL: string;
  logFile: string;
}

async function startServer(env: Record<string, string>, logFile: string): Promise<Server> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const baseURL = `http://127.0.0.1:${port}`;
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseURL },
  });
  fs.closeSync(log);
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(1_000) })).status === 200) return { child, baseURL, logFile };
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${fs.readFileSync(logFile, 'utf8').slice(-3_000)}`);
}

async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return;
  const gone = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([gone, sleep(15_000)]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}

/** Resident memory (bytes) of a process, and of it with every descendant (the worker processes). */
function rssOf(pid: number): { own: number; tree: number } {
  const read = (p: number) => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  const children = (p: number): number[] => {
    try {
      return fs
        .readdirSync(`/proc/${p}/task`)
        .flatMap((t) => fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      return [];
    }
  };
  const own = read(pid);
  let tree = own;
  const stack = children(pid);
  while (stack.length) {
    const p = stack.pop()!;
    tree += read(p);
    stack.push(...children(p));
  }
  return { own, tree };
}

interface Figures {
  health: number[];
  login: number[];
  failures: number;
  /** Statuses of the probe answers that were not 200 (0: no answer). */
  failed: number[];
  peakRss: number;
  peakTreeRss: number;
}

/** Asks /api/health and /login one after another, and samples RSS, until `work` settles. */
async function measured<T>(server: Server, work: () => Promise<T>): Promise<{ result: T; figures: Figures; seconds: number }> {
  const figures: Figures = { health: [], login: [], failures: 0, failed: [], peakRss: 0, peakTreeRss: 0 };
  let running = true;
  const probe = async (url: string, into: number[]) => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${server.baseURL}${url}`, { signal: AbortSignal.timeout(300_000) });
        await res.arrayBuffer();
        if (res.status !== 200) {
          figures.failures += 1;
          figures.failed.push(res.status);
        }
      } catch {
        figures.failures += 1;
        figures.failed.push(0);
      }
      into.push(performance.now() - t0);
      await sleep(50);
    }
  };
  const sampler = (async () => {
    while (running) {
      const { own, tree } = rssOf(server.child.pid!);
      figures.peakRss = Math.max(figures.peakRss, own);
      figures.peakTreeRss = Math.max(figures.peakTreeRss, tree);
      await sleep(100);
    }
  })();
  const probes = [probe('/api/health', figures.health), probe('/login', figures.login)];
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, figures, seconds: (performance.now() - t0) / 1000 };
  } finally {
    running = false;
    await Promise.all([...probes, sampler]);
  }
}

function report(title: string, outcome: string, seconds: number, f: Figures) {
  console.log(`\n${title}`);
  console.log(`    ${outcome}; ${seconds.toFixed(1)} s`);
  console.log(
    `    /api/health p95 ${msText(percentile(f.health, 95))}, max ${msText(Math.max(...f.health))} (${f.health.length} calls)` +
      ` | GET /login p95 ${msText(percentile(f.login, 95))}, max ${msText(Math.max(...f.login))} (${f.login.length} calls)` +
      (f.failures ? ` | probe answers not 200: ${tally(f.failed)}` : ''),
  );
  console.log(`    peak RSS: server ${mb(f.peakRss)}, server with its worker processes ${mb(f.peakTreeRss)}`);
}

/** `3 × 200, 1 × 0` (0: the connection broke). */
const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}))
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ');

/* ── One database ─────────────────────────────────────────────────────────────────────────────── */

async function run(label: string, databaseUrl: string | undefined) {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-heavy-'));
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    APP_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: path.join(workDir, 'data'),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    // Latencies, not the overload guard's 503s, are what is measured.
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // Six exports of one agency at once stream here; the default (2) answers the rest 429.
    EXPORTS_PER_AGENCY: String(EXPORTS),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  // Outside the temporary folder, so that it outlives the run: the server's own words when a case fails.
  const serverLog = path.join(os.tmpdir(), `copydesk-bench-heavy-${databaseUrl ? 'postgres' : 'embedded'}.log`);
  fs.rmSync(serverLog, { force: true });
  console.log(`\n== ${label} (server log: ${serverLog})`);
  try {
    // Seeded with SQL in this process (the embedded database has one owner at a time), then closed.
    const app = await buildApp(loadConfig({ ...env, PORT: '0', HOST: '127.0.0.1' }));
    const [ordinaryItem, manyItem] = await seedItems(app.db, 'In Progress', 2, 1);
    const exportItems = await seedItems(app.db, 'Pending Review', 1, EXPORT_DOCS);
    const exportOrder = exportItems[0]!.orderId;
    const exportFile = randomBytes(EXPORT_DOC_MB * 1024 * 1024);
    for (const item of exportItems) {
      const key = await app.storage.put('documents', 'docx', exportFile);
      await app.db.execute(
        sql`insert into documents (item_id, version, word_count, storage_key, size_bytes, preview_html) values (${item.id}, 1, 1, ${key}, ${exportFile.length}, '<p>x</p>')`,
      );
    }
    await app.close();

    let server = await startServer(env, serverLog);
    /** A server that died in a case (out of memory) is reported, and a new one serves the next case. */
    const ensureUp = async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) return;
      const log = fs.readFileSync(server.logFile, 'utf8');
      const fatal = /FATAL ERROR[^\n]*|heap out of memory[^\n]*/.exec(log)?.[0];
      console.log(`    the server exited (code ${server.child.exitCode}, signal ${server.child.signalCode})${fatal ? `: ${fatal.trim()}` : ''}; started again`);
      server = await startServer(env, serverLog);
    };
    /** A request's status and body size, or status 0 when the connection broke. */
    const send = async (url: string, init: RequestInit = {}) => {
      try {
        const res = await fetch(`${server.baseURL}${url}`, { ...init, signal: AbortSignal.timeout(900_000) });
        // Counted as it arrives; only a small answer (JSON) is kept.
        const kept: Buffer[] = [];
        let bytes = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          if (bytes < 1024 * 1024) kept.push(Buffer.from(chunk));
          bytes += chunk.byteLength;
        }
        return { status: res.status, bytes, body: Buffer.concat(kept) };
      } catch {
        return { status: 0, bytes: 0, body: Buffer.alloc(0) };
      }
    };
    try {
      const login = async (email: string) => {
        const res = await send('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'demopass123' }),
        });
        return (JSON.parse(res.body.toString()) as { token: string }).token;
      };
      const admin = await login('admin@example.com');
      const agency = await login('agency@example.com');
      const idle = await measured(server, () => sleep(3_000));
      report('Idle (3 s)', 'nothing else running', idle.seconds, idle.figures);

      const deliver = async (itemId: number, file: Buffer) => {
        const form = new FormData();
        form.append('file', new Blob([file], { type: DOCX_MIME }), 'article.docx');
        const res = await send(`/api/content/${itemId}/documents`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
        if (res.status === 0) return { status: 0, message: 'no answer: the connection broke' };
        const body = JSON.parse(res.body.toString()) as { message?: string; document?: { word_count: number } };
        return { status: res.status, message: body.message ?? '', words: body.document?.word_count };
      };
      const delivered = (r: { status: number; message: string; words?: number }) =>
        `answer ${r.status}${r.words ? ` (${r.words.toLocaleString('en-US')} words)` : `: ${r.message}`}`;

      const ordinary = await ordinaryDocx(55 * 1024 * 1024, 17 * 1024 * 1024);
      const a = await measured(server, () => deliver(ordinaryItem!.id, ordinary));
      report(`Delivery of an ordinary ${mb(ordinary.length)} .docx (document.xml ${mb(ordinary.xmlBytes)})`, delivered(a.result), a.seconds, a.figures);
      await ensureUp();
      if (a.result.status === 200) {
        const reads = await measured(server, () =>
          Promise.all(
            Array.from({ length: PREVIEW_READS }, () =>
              send(`/api/content/${ordinaryItem!.id}/preview`, { headers: { authorization: `Bearer ${agency}`, 'accept-encoding': 'br, gzip' } }),
            ),
          ),
        );
        report(
          `${PREVIEW_READS} concurrent reads of that preview`,
          `answers ${tally(reads.result.map((r) => r.status))}, ${(Math.max(...reads.result.map((r) => r.bytes)) / 1024).toFixed(0)} KB each on the wire`,
          reads.seconds,
          reads.figures,
        );
        await ensureUp();
      }

      const many = await manyParagraphsDocx(46 * 1024 * 1024);
      const b = await measured(server, () => deliver(manyItem!.id, many));
      report(
        `Delivery of a ${mb(many.length)} .docx whose document.xml inflates to ${mb(many.xmlBytes)} (${many.paragraphs.toLocaleString('en-US')} paragraphs)`,
        delivered(b.result),
        b.seconds,
        b.figures,
      );
      await ensureUp();

      const c = await measured(server, () =>
        Promise.all(Array.from({ length: EXPORTS }, () => send(`/api/order/${exportOrder}/export`, { headers: { authorization: `Bearer ${agency}` } }))),
      );
      report(
        `${EXPORTS} concurrent exports of an order of ${EXPORT_DOCS} × ${EXPORT_DOC_MB} MB documents (${mb(EXPORT_DOCS * exportFile.length)})`,
        `answers ${tally(c.result.map((r) => r.status))}, ${mb(Math.max(...c.result.map((r) => r.bytes)))} each`,
        c.seconds,
        c.figures,
      );
      await ensureUp();

      const sheet = await bulkSheet(SHEET_ROWS);
      const d = await measured(server, () =>
        Promise.all(
          Array.from({ length: SHEETS }, () => {
            const form = new FormData();
            form.append('order_type', 'Blog Post');
            form.append('file', new Blob([sheet]), 'bulk.xlsx');
            return send('/api/order/bulk', { method: 'POST', headers: { authorization: `Bearer ${agency}` }, body: form });
          }),
        ),
      );
      report(
        `${SHEETS} imports of a ${SHEET_ROWS.toLocaleString('en-US')}-row sheet at once (${(sheet.length / 1024).toFixed(0)} KB each)`,
        `answers ${tally(d.result.map((r) => r.status))}`,
        d.seconds,
        d.figures,
      );
    } finally {
      await stopServer(server);
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** A database of its own on the BENCH_DATABASE_URL server, made afresh (the role needs CREATEDB). */
async function freshPostgres(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('drop database if exists copydesk_bench_heavy with (force)');
    await client.query('create database copydesk_bench_heavy');
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = '/copydesk_bench_heavy';
  return target.toString();
}

async function dropPostgres(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('drop database if exists copydesk_bench_heavy with (force)').finally(() => client.end());
}

console.log('Heavy files: /api/health and GET /login while each runs, and the server’s peak RSS');
if (process.env.BENCH_EMBEDDED !== '0') await run('Embedded database (PGlite)', undefined);
if (process.env.BENCH_DATABASE_URL) {
  const url = await freshPostgres(process.env.BENCH_DATABASE_URL);
  try {
    await run('PostgreSQL', url);
  } finally {
    await dropPostgres(process.env.BENCH_DATABASE_URL);
  }
} else console.log('\n(set BENCH_DATABASE_URL=postgres://… to run the same cases on PostgreSQL; a database copydesk_bench_heavy is created there)');
