#!/usr/bin/env node
// `npm run bench`: prints the figures of the foundation issue; asserts nothing.
//   (i)   `node scripts/start.mjs` (the bundled server) to the first 200 on /api/health, fresh data
//         folder and warm
//   (ii)  gzipped JavaScript the browser downloads for /login (headless Chromium)
//   (iii) autocannon req/s on GET /api/health and on GET /api/getInfo as the demo agency, on the
//         embedded database and, when BENCH_DATABASE_URL names a PostgreSQL database, on that too
//   (iv)  scripts/bench-data.ts: GET /api/order p50/p95 at 1k and 100k orders, a 5,000-row bulk
//         import, GET /api/fulfilment p50/p95 at 1k and 100k paid items (default view, a title
//         search, one agency), POST /api/content/{id}/documents p50/p95 with a 2 MB .docx, wallet
//         payments per second and POST /api/order/pay p95; on the embedded database and, with
//         BENCH_DATABASE_URL, on PostgreSQL too
// Every server runs on a free loopback port with a temporary DATA_DIR and is stopped at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { buildDbTemplate, buildWeb, dbTemplateMissing, ensureServerBundle, repoRoot, webBuildReason } from './lib/web-build.mjs';

const START_TARGET_MS = 3_000;
const START_WARM_TARGET_MS = 1_500;
const LOGIN_JS_TARGET_KB = 200;
const LOAD_SECONDS = 5;
const LOAD_CONNECTIONS = 10;
const WARM_RUNS = 3;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const workDir = mkdtempSync(path.join(tmpdir(), 'copydesk-bench-'));
const dataDir = path.join(workDir, 'data');
const running = new Set();

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

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
const verdict = (ok) => (ok ? 'within target' : 'OVER TARGET');

async function benchStartup() {
  console.log(`\n(i) npm start → first 200 on /api/health  (target ≤ ${START_TARGET_MS / 1000} s fresh, ≤ ${START_WARM_TARGET_MS / 1000} s warm)`);
  const fresh = await startPortal('start-fresh');
  await stopPortal(fresh);
  console.log(`    fresh DATA_DIR (creates, migrates, seeds): ${ms(fresh.readyMs)}  ${verdict(fresh.readyMs <= START_TARGET_MS)}`);
  const warm = [];
  for (let run = 1; run <= WARM_RUNS; run += 1) {
    const portal = await startPortal(`start-warm-${run}`);
    await stopPortal(portal);
    warm.push(portal.readyMs);
  }
  const median = [...warm].sort((a, b) => a - b)[Math.floor(warm.length / 2)];
  console.log(`    warm DATA_DIR, ${WARM_RUNS} runs: ${warm.map(ms).join(', ')}; median ${ms(median)}  ${verdict(median <= START_WARM_TARGET_MS)}`);
}

async function loadChromium() {
  // @playwright/test belongs to the e2e workspace; resolve it from there.
  const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));
  const { chromium } = requireFromE2e('@playwright/test');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

async function benchLoginWeight(baseURL) {
  console.log(`\n(ii) JavaScript downloaded by the browser for /login, gzipped  (target ≤ ${LOGIN_JS_TARGET_KB} KB)`);
  const browser = await loadChromium();
  try {
    const page = await browser.newPage();
    const pending = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        response.body().then(
          (body) => ({ type, url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body).length }),
          () => null,
        ),
      );
    });
    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    const files = (await Promise.all(pending)).filter(Boolean);
    const scripts = files.filter((file) => file.type === 'script');
    const styles = files.filter((file) => file.type === 'stylesheet');
    const sum = (list, key) => list.reduce((total, file) => total + file[key], 0);
    for (const file of scripts.sort((a, b) => b.gzip - a.gzip)) {
      console.log(`    ${kb(file.gzip).padStart(9)} gz  ${kb(file.raw).padStart(9)} raw  ${file.url}`);
    }
    const gz = sum(scripts, 'gzip');
    console.log(`    JS: ${scripts.length} files, ${kb(gz)} gzipped (${kb(sum(scripts, 'raw'))} raw)  ${verdict(gz / 1024 <= LOGIN_JS_TARGET_KB)}`);
    console.log(`    CSS (for information): ${styles.length} files, ${kb(sum(styles, 'gzip'))} gzipped`);
  } finally {
    await browser.close();
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

async function benchThroughput(baseURL, database, logLevel) {
  console.log(
    `\n(iii) autocannon on ${database}, ${LOAD_SECONDS} s each, ${LOAD_CONNECTIONS} connections, LOG_LEVEL=${logLevel}`,
  );
  const login = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'agency@example.com', password: 'demopass123' }),
  });
  if (!login.ok) throw new Error(`demo agency login answered ${login.status}: ${await login.text()}`);
  const { token } = await login.json();

  const health = await load('GET /api/health', { url: `${baseURL}/api/health` });
  const info = await load('GET /api/getInfo (demo agency)', {
    url: `${baseURL}/api/getInfo`,
    headers: { authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  console.log(`    getInfo / health ratio: ${(info / health).toFixed(2)}`);
}

async function main() {
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

  await benchStartup();

  const logLevel = process.env.BENCH_LOG_LEVEL ?? 'warn';
  const portal = await startPortal('serve', { NODE_ENV: 'development', LOG_LEVEL: logLevel });
  try {
    await benchLoginWeight(portal.baseURL);
    await benchThroughput(portal.baseURL, 'the embedded database (PGlite)', logLevel);
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
      await benchThroughput(onPostgres.baseURL, 'PostgreSQL (BENCH_DATABASE_URL)', logLevel);
    } finally {
      await stopPortal(onPostgres);
    }
  } else {
    console.log('\n    (set BENCH_DATABASE_URL=postgres://… to measure (iii) on PostgreSQL too)');
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

/** Orders, bulk import, fulfilment queue, uploads and wallet payments (scripts/bench-data.ts), in its own process. */
function benchData() {
  console.log('\n(iv) Orders list, bulk import, fulfilment queue, document uploads and wallet payments');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'scripts/bench-data.ts')], { cwd: repoRoot, stdio: 'inherit', env: process.env });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bench-data exited with ${code}`))));
  });
}

try {
  await main();
  await benchData();
  console.log('\nDone.');
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  cleanup();
}
