#!/usr/bin/env node
// `npm run bench`: measures, prints, asserts nothing. Ends with one table: each figure beside the
// ceiling measured in the same run on the same machine (scripts/lib/bench-ceilings.mjs) or its goal.
//   (i)   `node scripts/start.mjs` (the bundled server) to the first 200 on /api/health, fresh data
//         folder and warm
//   (ii)  script files and bytes on the wire for /login and, signed in as the demo agency, /dashboard,
//         /order and a delivered item's /content-view/{id} (scripts/bench-pages-seed.ts writes the
//         order), as Chromium counted them, and Lighthouse performance and accessibility scores for
//         each (scripts/lib/bench-browser.mjs); BENCH_ONLY=pages runs only this section
//   (iii) autocannon req/s on GET /api/health and GET /api/getInfo as the demo agency, on the
//         embedded database and, when BENCH_DATABASE_URL names a PostgreSQL database, on that too;
//         beside a bare Fastify answering /api/health, and pgbench TPC-B on BENCH_DATABASE_URL
//   (iv)  scripts/bench-data.ts: GET /api/order p50/p95 at 1k and 100k orders (BENCH_ORDERS_MAX=1000000
//         adds 1M), a 5,000-row bulk import, GET /api/fulfilment at 1k and 100k paid items, document
//         uploads, wallet payments per second (beside the same payments' SQL run by pgbench alone);
//         on the embedded database and, with BENCH_DATABASE_URL, on PostgreSQL too
//   (v)   scripts/bench-heavy.ts: /api/health and GET /login p95 and the server's peak RSS while a 17 MB
//         .docx, a .docx inflating to 46 MB, 6 exports of a 300 MB order and 8 heavy sheets are handled;
//         BENCH_ONLY=heavy runs only this section, BENCH_HEAVY=0 leaves it out
// Every server runs on a free loopback port with a temporary DATA_DIR and is stopped at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { launchChromium, lighthouseScores, signIn, transferredBytes } from './lib/bench-browser.mjs';
import { pgbenchTps, printTable, row, startBareFastify } from './lib/bench-ceilings.mjs';
import { freePort } from './lib/free-port.mjs';
import { buildDbTemplate, buildWeb, dbTemplateMissing, ensureServerBundle, repoRoot, webBuildReason } from './lib/web-build.mjs';

const START_TARGET_MS = 3_000;
const START_WARM_TARGET_MS = 1_500;
const LOGIN_JS_TARGET_KB = 150;
/** Each signed-in screen's first load: script on the wire, script files, Lighthouse mobile performance. */
const SCREEN_JS_TARGET_KB = 200;
const SCREEN_SCRIPT_FILES_TARGET = 15;
const SCREEN_PERFORMANCE_TARGET = 90;
const LOAD_SECONDS = 5;
const LOAD_CONNECTIONS = 10;
const WARM_RUNS = 3;
const DEMO_PASSWORD = 'demopass123';
/** The figures of the final table, in the order they are measured. */
const rows = [];

const workDir = mkdtempSync(path.join(tmpdir(), 'copydesk-bench-'));
const dataDir = path.join(workDir, 'data');
const running = new Set();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthStatus(baseURL) {
  try {
    const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(1_000) });
    return res.status;
  } catch {
    return 0;
  }
}

/** Spawns `node scripts/start.mjs` in its own process group and times it to the first 200 on /api/health. */
async function startPortal(label, env = {}) {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const logFile = path.join(workDir, `${label}.log`);
  const logFd = openSync(logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseURL, DATA_DIR: dataDir, ...env },
  });
  closeSync(logFd);
  const handle = { child, baseURL, logFile };
  running.add(handle);

  while (performance.now() - started < 60_000) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    if ((await healthStatus(baseURL)) === 200) {
      return { ...handle, readyMs: performance.now() - started };
    }
    await sleep(10);
  }
  await stopPortal(handle);
  const log = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  throw new Error(`${label}: the server did not become healthy:\n${log}`);
}

/** SIGTERM to start.mjs (it passes the signal on), then SIGKILL to the group for anything left. */
async function stopPortal(handle) {
  const { child } = handle;
  if (child.exitCode === null && child.signalCode === null) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([gone, sleep(10_000)]);
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // group already gone
  }
  running.delete(handle);
}

function cleanup() {
  for (const { child } of running) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.clear();
  rmSync(workDir, { recursive: true, force: true });
}

const ms = (value) => `${Math.round(value)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function benchStartup() {
  console.log(`\n(i) npm start → first 200 on /api/health  (target ≤ ${START_TARGET_MS / 1000} s fresh, ≤ ${START_WARM_TARGET_MS / 1000} s warm)`);
  const fresh = await startPortal('start-fresh');
  await stopPortal(fresh);
  console.log(`    fresh DATA_DIR (creates, migrates, seeds): ${ms(fresh.readyMs)}`);
  const warm = [];
  for (let run = 1; run <= WARM_RUNS; run += 1) {
    const portal = await startPortal(`start-warm-${run}`);
    await stopPortal(portal);
    warm.push(portal.readyMs);
  }
  const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)];
  console.log(`    warm DATA_DIR, ${WARM_RUNS} runs: ${warm.map(ms).join(', ')}; median ${ms(median)}`);
  rows.push(row('npm start → first 200, fresh data folder', { value: fresh.readyMs, unit: 'ms', goal: START_TARGET_MS, kind: 'max' }));
  rows.push(row(`npm start → first 200, warm (median of ${WARM_RUNS})`, { value: median, unit: 'ms', goal: START_WARM_TARGET_MS, kind: 'max' }));
}

/**
 * Writes an order of the demo agency with two items in progress into the data folder, before the
 * portal starts on it (scripts/bench-pages-seed.ts). Answers its ids and a .docx to deliver.
 */
async function seedPages() {
  const output = await new Promise((resolve, reject) => {
    const chunks = [];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/bench-pages-seed.ts')], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir },
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.on('exit', (code) => (code === 0 ? resolve(Buffer.concat(chunks).toString()) : reject(new Error(`bench-pages-seed exited with ${code}`))));
  });
  return JSON.parse(output.trim().split('\n').at(-1));
}

/** The demo admin delivers the seeded .docx to the first item, which then waits for the agency's review. */
async function deliverSeeded(baseURL, seeded) {
  const { token } = await signIn(baseURL, 'admin@example.com', DEMO_PASSWORD);
  const form = new FormData();
  const docx = readFileSync(seeded.docx);
  form.append('file', new Blob([docx], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), 'article.docx');
  const res = await fetch(`${baseURL}/api/content/${seeded.itemIds[0]}/documents`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
    body: form,
  });
  if (!res.ok) throw new Error(`the seeded delivery was refused: ${res.status} ${await res.text()}`);
  return `/content-view/${seeded.itemIds[0]}`;
}

async function benchBrowser(baseURL, contentView) {
  console.log('\n(ii) Script files and bytes on the wire as Chromium counted them (headers and compressed bodies, empty cache)');
  const session = await signIn(baseURL, 'agency@example.com', DEMO_PASSWORD);
  const pages = [
    { url: '/login', session: null },
    { url: '/dashboard', session },
    { url: '/order', session },
    { url: contentView, session },
  ];
  const screenLabel = (url) => url.replace(/\/\d+$/, '/{id}');
  const browser = await launchChromium(repoRoot);
  try {
    for (const { url, session: signedIn } of pages) {
      const { bytes, counts } = await transferredBytes(browser, baseURL, url, signedIn);
      console.log(
        `    ${url.padEnd(18)} JS ${kb(bytes.Script)} in ${counts.Script} files, CSS ${kb(bytes.Stylesheet)} in ${counts.Stylesheet} files, ` +
          `HTML ${kb(bytes.Document)}, images ${kb(bytes.Image)}, API ${kb(bytes.Fetch)}`,
      );
      const label = signedIn ? `${screenLabel(url)} (signed in)` : url;
      if (url === '/login') {
        rows.push(
          row(`JavaScript on the wire, ${label}`, {
            value: bytes.Script / 1024,
            unit: 'KB',
            goal: LOGIN_JS_TARGET_KB,
            kind: 'max',
            note: `${counts.Script} files`,
          }),
        );
      } else {
        rows.push(row(`JavaScript on the wire, ${label}`, { value: bytes.Script / 1024, unit: 'KB', goal: SCREEN_JS_TARGET_KB, kind: 'max' }));
        rows.push(row(`Script files, ${label}`, { value: counts.Script, goal: SCREEN_SCRIPT_FILES_TARGET, kind: 'max' }));
      }
      rows.push(row(`CSS on the wire, ${label}`, { value: bytes.Stylesheet / 1024, unit: 'KB', note: `${counts.Stylesheet} files` }));
    }
  } finally {
    await browser.close();
  }

  console.log('\n    Lighthouse (mobile profile, simulated throttling):');
  const scores = await lighthouseScores(repoRoot, baseURL, pages);
  if (!scores) {
    console.log('    (lighthouse is not installed: npm install)');
    return;
  }
  for (const score of scores) {
    const failed = score.failedAccessibility.length ? `; failed accessibility audits: ${score.failedAccessibility.join(', ')}` : '';
    const problem = score.problem ? `; not measured: ${score.problem}` : '';
    console.log(
      `    ${score.url.padEnd(18)} performance ${score.performance ?? '–'}, accessibility ${score.accessibility ?? '–'}, LCP ${score.lcpMs === null ? '–' : ms(score.lcpMs)}, FCP ${score.fcpMs === null ? '–' : ms(score.fcpMs)}, TBT ${score.tbtMs === null ? '–' : ms(score.tbtMs)}, CLS ${score.cls === null ? '–' : score.cls.toFixed(3)}, Speed Index ${score.speedIndexMs === null ? '–' : ms(score.speedIndexMs)}${failed}${problem}`,
    );
    const label = screenLabel(score.url);
    rows.push(
      row(`Lighthouse performance, ${label}`, {
        value: score.performance,
        note: score.lcpMs === null ? (score.problem ?? '') : `LCP ${ms(score.lcpMs)}`,
        ...(score.url === '/login' ? {} : { goal: SCREEN_PERFORMANCE_TARGET, kind: 'min' }),
      }),
    );
    rows.push(row(`Lighthouse accessibility, ${label}`, { value: score.accessibility, goal: 100, kind: 'min' }));
  }
}

async function load(title, options) {
  const result = await autocannon({ duration: LOAD_SECONDS, connections: LOAD_CONNECTIONS, ...options });
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(
    `    ${title.padEnd(34)} ${String(Math.round(result.requests.average)).padStart(7)} req/s` +
      `  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms` +
      (failures ? `  (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts)` : ''),
  );
  return result.requests.average;
}

async function benchThroughput(baseURL, database) {
  console.log(`\n    the portal on ${database}:`);
  const { token } = await signIn(baseURL, 'agency@example.com', DEMO_PASSWORD);

  const health = await load('GET /api/health', { url: `${baseURL}/api/health` });
  const info = await load('GET /api/getInfo (demo agency)', {
    url: `${baseURL}/api/getInfo`,
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  console.log(`    getInfo / health ratio: ${(info / health).toFixed(2)}`);
  return { health, info };
}

/** Builds what `npm start` needs and is missing, untimed. */
function prepare() {
  console.log(`Copydesk bench on Node ${process.version}; temporary data in ${workDir}`);
  const reason = webBuildReason();
  if (reason) {
    console.log(`Building the web app first (${reason}); not timed.`);
    if (buildWeb() !== 0) throw new Error('the web app did not build');
  }
  // npm start rebuilds a stale server bundle; done here, so no timed start includes it.
  if (ensureServerBundle() !== 0) throw new Error('the server did not build');
  if (dbTemplateMissing()) {
    console.log('Building the database template first; not timed.');
    if (buildDbTemplate() !== 0) throw new Error('the database template did not build');
  }
}

/** (ii) alone: a portal on a fresh data folder with the seeded order. */
async function benchPagesOnly() {
  prepare();
  // The first start creates the data folder (migrations, demo accounts); the order is written after.
  await stopPortal(await startPortal('pages-create'));
  const seeded = await seedPages();
  const portal = await startPortal('pages', { NODE_ENV: 'development', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
  try {
    await benchBrowser(portal.baseURL, await deliverSeeded(portal.baseURL, seeded));
  } finally {
    await stopPortal(portal);
  }
}

async function main() {
  prepare();
  await benchStartup();

  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
  const bare = await startBareFastify({ repoRoot, port: await freePort() });
  let bareHealth;
  try {
    console.log(`\n(iii) autocannon, ${LOAD_SECONDS} s each, ${LOAD_CONNECTIONS} connections, LOG_LEVEL=${logLevel}`);
    bareHealth = await load('bare Fastify GET /api/health', { url: `${bare.baseURL}/api/health` });
  } finally {
    bare.stop();
  }

  const seeded = await seedPages();
  const portal = await startPortal('serve', { NODE_ENV: 'development', LOG_LEVEL: logLevel });
  try {
    await benchBrowser(portal.baseURL, await deliverSeeded(portal.baseURL, seeded));
    const embedded = await benchThroughput(portal.baseURL, 'the embedded database (PGlite)');
    rows.push(
      row('GET /api/health, embedded ÷ bare Fastify', {
        value: embedded.health,
        unit: 'req/s',
        ceiling: bareHealth,
        ceilingLabel: 'bare Fastify',
        note: 'information',
      }),
    );
    rows.push(
      row('GET /api/getInfo ÷ same server /api/health, embedded', {
        value: embedded.info,
        unit: 'req/s',
        ceiling: embedded.health,
        ceilingLabel: 'its /api/health',
        goal: 0.15,
        kind: 'ratio-min',
      }),
    );
  } finally {
    await stopPortal(portal);
  }

  const postgres = process.env.BENCH_DATABASE_URL;
  if (postgres) {
    const onPostgres = await startPortal('serve-postgres', {
      NODE_ENV: 'development',
      LOG_LEVEL: logLevel,
      DATABASE_URL: postgres,
    });
    try {
      const pg = await benchThroughput(onPostgres.baseURL, 'PostgreSQL (BENCH_DATABASE_URL)');
      rows.push(
        row('GET /api/getInfo ÷ same server /api/health, PostgreSQL', {
          value: pg.info,
          unit: 'req/s',
          ceiling: pg.health,
          ceilingLabel: 'its /api/health',
          goal: 0.3,
          kind: 'ratio-min',
        }),
      );
    } finally {
      await stopPortal(onPostgres);
    }
    console.log('\n    pgbench TPC-B on BENCH_DATABASE_URL (scale 10, 20 clients, 10 s)…');
    pgbenchTpsMeasured = pgbenchTps(postgres);
    console.log(pgbenchTpsMeasured === null ? '    (pgbench is not installed)' : `    ${Math.round(pgbenchTpsMeasured)} tps`);
  } else {
    console.log('\n    (set BENCH_DATABASE_URL=postgres://… to measure (iii) and (iv) on PostgreSQL too, beside pgbench)');
  }
}

/** TPC-B transactions per second on BENCH_DATABASE_URL: the ceiling of wallet payments. */
let pgbenchTpsMeasured = null;

/** The table rows of scripts/bench-data.ts's figures (written to a JSON file). */
function dataRows(results) {
  const views = [
    ['selective', 'status + selective keyword'],
    ['growing', 'status + keyword of growing reach'],
    ['everything', 'status + keyword matching all'],
    ['deepOffset', 'last page by number (offset)'],
    ['deepCursor', 'last page by cursor (keyset)'],
  ];
  for (const [key, label] of [
    ['embedded', 'embedded'],
    ['postgres', 'PostgreSQL'],
  ]) {
    const data = results[key];
    if (!data) continue;
    const small = data.orders.find((o) => o.count === 1_000);
    for (const { count, figures } of data.orders) {
      for (const [view, title] of views) {
        const figure = `GET /api/order p95, ${title}, ${count.toLocaleString('en-US')} orders, ${label}`;
        const value = figures[view].p95;
        if (view === 'everything') rows.push(row(figure, { value, unit: 'ms', note: count > 1_000 ? 'information: counts every match for the total' : '' }));
        else if (view === 'growing')
          rows.push(row(figure, { value, unit: 'ms', note: `information: ${figures[view].total.toLocaleString('en-US')} matching` }));
        else if (view !== 'selective') rows.push(row(figure, { value, unit: 'ms', note: count > 1_000 ? 'information' : '' }));
        else if (count === 100_000) rows.push(row(figure, { value, unit: 'ms', goal: 20, kind: 'max' }));
        else if (count > 100_000)
          rows.push(row(figure, { value, unit: 'ms', goal: 2 * small.figures[view].p95, kind: 'max', note: '(goal: 2 × the 1k figure)' }));
        else rows.push(row(figure, { value, unit: 'ms' }));
      }
    }
    if (data.apiKey) {
      const { session, key: byKey } = data.apiKey;
      rows.push(
        row(`GET /api/order p95, session token, 1,000 orders, ${label}`, { value: session.p95, unit: 'ms', note: 'information: the API key figure’s base' }),
      );
      rows.push(
        row(`GET /api/order p95, API key, 1,000 orders, ${label}`, {
          value: byKey.p95,
          unit: 'ms',
          goal: 1.1 * session.p95,
          kind: 'max',
          note: '(goal: within 10 % of the session figure)',
        }),
      );
    }
    if (data.payments) {
      const { spreadPerSecond, spreadP95, concurrentPerSecond, concurrentP95, sqlAlonePerSecond } = data.payments;
      const spread = `wallet payments/s, 20 clients over 10 agencies, ${label}`;
      if (key === 'postgres') {
        rows.push(
          row(spread, {
            value: spreadPerSecond,
            unit: '/s',
            ceiling: pgbenchTpsMeasured,
            ceilingLabel: 'pgbench TPC-B tps',
            goal: 0.25,
            kind: 'ratio-min',
            note: `p95 ${ms(spreadP95)}`,
          }),
        );
        if (sqlAlonePerSecond) {
          rows.push(
            row(`${spread} ÷ its SQL alone`, {
              value: spreadPerSecond,
              unit: '/s',
              ceiling: sqlAlonePerSecond,
              ceilingLabel: 'book_order_payment, pgbench',
              note: 'information',
            }),
          );
        }
      } else {
        rows.push(row(spread, { value: spreadPerSecond, unit: '/s', note: `p95 ${ms(spreadP95)}` }));
      }
      rows.push(
        row(`wallet payments/s, 20 clients, one agency's wallet, ${label}`, {
          value: concurrentPerSecond,
          unit: '/s',
          note: `p95 ${ms(concurrentP95)}; one row lock`,
        }),
      );
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

/** Orders, bulk import, fulfilment queue, uploads and wallet payments (scripts/bench-data.ts), in its own process. */
async function benchData() {
  console.log('\n(iv) Orders list, bulk import, fulfilment queue, document uploads and wallet payments');
  const resultsFile = path.join(workDir, 'data-results.json');
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/bench-data.ts')], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench-data exited with ${code}`))));
  });
  dataRows(JSON.parse(readFileSync(resultsFile, 'utf8')));
}

/** Heavy files (scripts/bench-heavy.ts), in its own process; it starts its own servers. */
async function benchHeavy() {
  console.log('\n(v) Heavy files: a 17 MB and a 46 MB-inflated .docx, 6 exports of a large order, 8 heavy sheets');
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/bench-heavy.ts')], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: process.env,
    });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench-heavy exited with ${code}`))));
  });
}

try {
  if (process.env.BENCH_ONLY === 'heavy') {
    await benchHeavy();
    console.log('\nDone.');
  } else if (process.env.BENCH_ONLY === 'pages') {
    await benchPagesOnly();
    console.log('\n== Every figure beside its goal, measured in this run on this machine\n');
    const missed = printTable(rows);
    console.log(`\n${missed === 0 ? 'Every goal met.' : `${missed} goal(s) missed.`}`);
  } else {
    await main();
    await benchData();
    if (process.env.BENCH_HEAVY !== '0') await benchHeavy();
    console.log('\n== Every figure beside its ceiling or goal, measured in this run on this machine\n');
    const missed = printTable(rows);
    console.log(`\n${missed === 0 ? 'Every goal met.' : `${missed} goal(s) missed.`}`);
    console.log('\nDone.');
  }
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  cleanup();
}
