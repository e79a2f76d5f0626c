import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { availabilityMessages } from '@copydesk/shared';
import { DEMO_PASSWORD } from '../seed/index.js';
import { isDatabaseUnavailable, openDatabase } from './client.js';
import { closedPort, startTcpProxy, type TcpProxy } from '../test/tcp.js';
import { orderItem } from '../test/helpers.js';
import { postgresOnly } from '../test/postgres-only.js';

/**
 * The server survives PostgreSQL going away (the database answers 503, then the pool reconnects).
 * The real server process runs on a database of its own, reached through a TCP proxy, under a
 * steady load of reads and transactional writes, while the test (1) terminates every backend of the
 * server's pool and (2) "restarts" the database by cutting all connections and refusing new ones
 * for a while. The process must stay up, answer 503 (never 500, never hang) while the database is
 * away, and serve again by itself once it is back. Needs TEST_DATABASE_URL (CI's second, PostgreSQL
 * run); the role only needs to terminate its own backends, which PostgreSQL allows without
 * superuser.
 */

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** A request slower than this counts as a hang: well above the pool's connection timeout. */
const HANG_MS = 12_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Terminates every backend a pool opened under this application_name; returns how many. */
async function terminateBackends(database: string, applicationName: string): Promise<number> {
  return withAdmin(async (client) => {
    const { rows } = await client.query<{ terminated: boolean }>(
      `select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where datname = $1 and application_name = $2 and pid <> pg_backend_pid()`,
      [database, applicationName],
    );
    return rows.filter((row) => row.terminated).length;
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

interface ServerProcess {
  baseURL: string;
  child: ChildProcess;
  logFile: string;
  alive(): boolean;
  log(): string;
  stop(): Promise<void>;
}

/** apps/server/src/server.ts in a child process, as production runs it, on a free port. */
async function startServerProcess(databaseUrl: string, workDir: string): Promise<ServerProcess> {
  const port = await closedPort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(workDir, 'server.log');
  const logFd = fs.openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['TEST_DATABASE_URL', 'SMTP_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'OIDC_ISSUER', 'STRIPE_SECRET_KEY', 'PGAPPNAME'])
    delete env[name];
  const tsx = pathToFileURL(createRequire(path.join(repoRoot, 'apps/server/package.json')).resolve('tsx')).href;
  const child = spawn(process.execPath, ['--import', tsx, path.join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', logFd, logFd],
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(workDir, 'data'),
      FILE_STORAGE_DIR: path.join(workDir, 'files'),
      // The API is what is under test; no web build needed.
      WEB_DIST_DIR: path.join(workDir, 'no-web'),
      PAYMENT_GATEWAY: 'sandbox',
      LOG_LEVEL: 'warn',
    },
  });
  fs.closeSync(logFd);
  const alive = () => child.exitCode === null && child.signalCode === null;
  const log = () => fs.readFileSync(logFile, 'utf8');
  const stop = async () => {
    if (!alive()) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await gone;
    clearTimeout(timer);
  };
  const server = { baseURL, child, logFile, alive, log, stop };
  try {
    await until(
      'the server answers 200 on /api/health',
      async () => {
        if (!alive()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
        const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(1_000) });
        return res.status === 200;
      },
      90_000,
    );
  } catch (err) {
    await stop();
    throw new Error(`${(err as Error).message}\n${log().slice(-4_000)}`, { cause: err });
  }
  return server;
}

interface Outcome {
  phase: string;
  call: string;
  status: number;
  ms: number;
}

/** Keeps `workers` requests in flight (reads, health probes and order transactions) until stopped. */
function startLoad(baseURL: string, token: string, workers = 8) {
  const outcomes: Outcome[] = [];
  let phase = 'before';
  let running = true;
  const calls = [
    { call: 'GET /api/getInfo', init: (): RequestInit => ({ headers: { authorization: `Bearer ${token}` } }), path: '/api/getInfo' },
    { call: 'GET /api/health', init: (): RequestInit => ({}), path: '/api/health' },
    {
      call: 'POST /api/order/create',
      path: '/api/order/create',
      init: (): RequestInit => ({
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ articlesData: [orderItem()] }),
      }),
    },
  ];
  const worker = async (n: number) => {
    for (let i = n; running; i++) {
      const { call, path: url, init } = calls[i % calls.length]!;
      const at = phase;
      const started = Date.now();
      let status: number;
      try {
        const res = await fetch(baseURL + url, { ...init(), signal: AbortSignal.timeout(HANG_MS) });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0; // refused, reset or timed out: the server did not answer
      }
      outcomes.push({ phase: at, call, status, ms: Date.now() - started });
      if (status === 503) await sleep(20);
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, n) => worker(n)));
  return {
    outcomes,
    setPhase(next: string) {
      phase = next;
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

describe.skipIf(!testDatabaseUrl)(postgresOnly('PostgreSQL outages'), () => {
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const database = `copydesk_outage_${suffix}`;
  const applicationName = `copydesk_outage_${suffix}`;
  let workDir: string;
  let proxy: TcpProxy;
  let server: ServerProcess | undefined;
  let serverUrl: URL;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-outage-'));
    await withAdmin((client) => client.query(`create database ${database}`));
    const target = new URL(testDatabaseUrl!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    serverUrl = new URL(testDatabaseUrl!);
    serverUrl.hostname = '127.0.0.1';
    serverUrl.port = String(proxy.port);
    serverUrl.pathname = `/${database}`;
    serverUrl.searchParams.set('application_name', applicationName);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await withAdmin((client) => client.query(`drop database if exists ${database} with (force)`));
    fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  it('the pool logs a lost idle connection and reconnects on the next query', async () => {
    const name = `${applicationName}_idle`;
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${database}`;
    url.searchParams.set('application_name', name);
    const warn = vi.fn();
    const handle = await openDatabase({ url: url.toString(), dataDir: workDir, migrate: false, log: { warn } });
    try {
      await handle.db.execute(sql`select 1`);
      expect(await terminateBackends(database, name)).toBeGreaterThan(0);
      await until('the pool reports the lost connection', async () => warn.mock.calls.length > 0, 5_000);
      expect(warn.mock.calls[0]![1]).toMatch(/database connection lost/);
      await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await handle.close();
    }
  });

  it('a transaction whose connection is killed fails as "database unavailable", without an uncaught error', async () => {
    // A connection checked out for a transaction has no pool listener; before the fix its death was
    // an unhandled 'error' event that ended the process (here: an unhandled error failing the run).
    const name = `${applicationName}_tx`;
    const url = new URL(testDatabaseUrl!);
    url.pathname = `/${database}`;
    url.searchParams.set('application_name', name);
    const handle = await openDatabase({ url: url.toString(), dataDir: workDir, migrate: false, log: { warn: () => {} } });
    try {
      const failure = await handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          expect(await terminateBackends(database, name)).toBe(1);
          await sleep(300);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
      await expect(handle.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await handle.close();
    }
  });

  it('the server process survives killed connections and a database restart under load, and recovers by itself', async () => {
    server = await startServerProcess(serverUrl.toString(), workDir);
    const { baseURL } = server;
    const login = await fetch(`${baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'agency@example.com', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: string }).token;

    const getJson = async (url: string, auth = false) => {
      const res = await fetch(baseURL + url, {
        headers: auth ? { authorization: `Bearer ${token}` } : {},
        signal: AbortSignal.timeout(HANG_MS),
      });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const serving = async () => {
      const health = await getJson('/api/health');
      const info = await getJson('/api/getInfo', true);
      const body = health.body as { status?: string; database?: string; kind?: string };
      return health.status === 200 && body.status === 'ok' && body.database === 'up' && body.kind === 'postgresql' && info.status === 200;
    };

    const load = startLoad(baseURL, token);
    try {
      await sleep(500);

      // 1. Every backend of the server's pool is terminated, three times in a row.
      load.setPhase('terminate');
      let terminated = 0;
      for (let round = 0; round < 3; round++) {
        terminated += await terminateBackends(database, applicationName);
        await sleep(250);
      }
      expect(terminated).toBeGreaterThan(0);
      await until('serving again after the backends were terminated', serving, 10_000);
      expect(server.alive()).toBe(true);

      // 2. The database restarts: every connection is cut and new ones are refused for a while.
      load.setPhase('down');
      await proxy.stop();
      await until(
        '/api/health says the database is down',
        async () => {
          const health = await getJson('/api/health');
          return health.status === 503 && JSON.stringify(health.body) === JSON.stringify({ status: 'unavailable', database: 'down', kind: 'postgresql' });
        },
        5_000,
      );
      const info = await getJson('/api/getInfo', true);
      expect(info).toEqual({ status: 503, body: { code: 'service.unavailable', message: availabilityMessages.databaseUnavailable } });
      await sleep(1_500);
      expect(server.alive()).toBe(true);

      load.setPhase('recovering');
      await proxy.start();
      await until('serving again after the restart', serving, 15_000);
      load.setPhase('after');
      await sleep(500);
    } finally {
      await load.stop();
    }

    expect(server.alive(), server.log().slice(-4_000)).toBe(true);
    const { outcomes } = load;
    const unexpected = outcomes.filter((o) => o.status !== 200 && o.status !== 503);
    expect(unexpected, `answers other than 200/503 (0 = no answer within ${HANG_MS / 1000} s):\n${server.log().slice(-4_000)}`).toEqual([]);
    expect(outcomes.filter((o) => o.phase === 'down' && o.status === 503).length, 'the outage answered 503').toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.phase === 'after' && o.status === 200).length, 'the server served after recovering').toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.phase === 'after').every((o) => o.status === 200)).toBe(true);
    expect(server.log()).not.toMatch(/unhandled (error|rejection)|uncaught exception/);
  }, 120_000);
});
