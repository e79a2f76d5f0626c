import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.js';
import { closedPort } from '../../test/tcp.js';

/**
 * The server process as production runs it (apps/server/src/server.ts), stopped with SIGTERM while a
 * request is in flight: the request gets its answer, readiness says 503 meanwhile, no new connection
 * is taken, and the process leaves with 0; past SHUTDOWN_GRACE_MS it leaves anyway. A database
 * migrated by a newer version is refused at start-up with a message and exit code 1. With
 * SHUTDOWN_DRAIN_MS, readiness answers 503 for that long before the listener closes.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const tsx = pathToFileURL(createRequire(path.join(repoRoot, 'apps/server/package.json')).resolve('tsx')).href;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Each test starts a server process through tsx: up to a minute and a half on a busy machine. */
const SPAWN_TEST_MS = 150_000;
/**
 * Every server here runs on the embedded database, whatever the pass: the PostgreSQL pass
 * (TEST_DATABASE_URL) would run the same processes again, so it leaves this file to the default one.
 */
const postgresPass = Boolean(process.env.TEST_DATABASE_URL);

let workDir: string;
const children = new Set<ChildProcess>();
beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-shutdown-'));
});
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

interface Spawned {
  child: ChildProcess;
  port: number;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>;
}

function spawnServer(env: Record<string, string>): Spawned & { port: number } {
  const port = Number(env.PORT);
  const logFile = path.join(workDir, `server-${port}.log`);
  const fd = fs.openSync(logFile, 'w');
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['TEST_DATABASE_URL', 'DATABASE_URL', 'SMTP_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'STRIPE_SECRET_KEY']) delete base[name];
  const child = spawn(process.execPath, ['--import', tsx, path.join(repoRoot, 'apps/server/src/server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', fd, fd],
    env: {
      ...base,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PAYMENT_GATEWAY: 'sandbox',
      WEB_DIST_DIR: path.join(workDir, 'no-web'),
      FILE_STORAGE_DIR: path.join(workDir, 'files'),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  fs.closeSync(fd);
  children.add(child);
  const started = Date.now();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, atMs: Date.now() - started })),
  );
  return { child, port, output: () => fs.readFileSync(logFile, 'utf8'), exited };
}

async function untilHealthy(server: Spawned): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/api/health`, { signal: AbortSignal.timeout(1_000) });
      if (res.status === 200) return;
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  throw new Error(`no 200 on /api/health within 90 s:\n${server.output()}`);
}

/** A raw connection, so a request can be left half sent and finished later. */
async function connect(port: number): Promise<{ socket: net.Socket; answer: Promise<string> }> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const answer = new Promise<string>((resolve) => {
    socket.on('error', () => resolve(received));
    socket.on('close', () => resolve(received));
  });
  return { socket, answer };
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe.skipIf(postgresPass)('SIGTERM', () => {
  it(
    'finishes the request in flight, answers readiness 503 meanwhile, takes no new connection, and exits 0',
    async () => {
      const server = spawnServer({ PORT: String(await closedPort()), DATABASE_URL: 'memory:', SHUTDOWN_GRACE_MS: '20000' });
      await untilHealthy(server);
      const ready = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready' });

      // A sign-in whose body is half sent: in flight until the rest arrives.
      const body = JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' });
      const slow = await connect(server.port);
      slow.socket.write(
        `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      // A probe whose headers are not finished yet: its connection is open, its request not complete.
      const probe = await connect(server.port);
      probe.socket.write('GET /api/health/ready HTTP/1.1\r\nHost: localhost\r\n');
      await sleep(300);

      server.child.kill('SIGTERM');
      await sleep(1_000);
      expect(server.child.exitCode).toBeNull();
      // The listener is closed: a new connection is refused.
      await expect(fetch(`http://127.0.0.1:${server.port}/api/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();

      probe.socket.write('\r\n');
      const probeAnswer = await probe.answer;
      expect(statusOf(probeAnswer)).toBe(503);
      expect(probeAnswer.toLowerCase()).toContain('connection: close');

      // The request in flight gets the route's own answer (a refusal with its code), not a reset.
      slow.socket.write(body.slice(10));
      const slowAnswer = await slow.answer;
      expect([401, 422]).toContain(statusOf(slowAnswer));
      expect(slowAnswer).toContain('"code":');

      const exit = await server.exited;
      expect(exit).toMatchObject({ code: 0, signal: null });
    },
    SPAWN_TEST_MS,
  );

  it(
    'with SHUTDOWN_DRAIN_MS, answers readiness 503 and keeps serving for that long before it closes the listener',
    async () => {
      const server = spawnServer({ PORT: String(await closedPort()), DATABASE_URL: 'memory:', SHUTDOWN_GRACE_MS: '20000', SHUTDOWN_DRAIN_MS: '4000' });
      await untilHealthy(server);
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await sleep(500);
      // Draining: the balancer's readiness check is told to move away, while new connections and
      // every other call are still served.
      const ready = await fetch(`http://127.0.0.1:${server.port}/api/health/ready`, { signal: AbortSignal.timeout(2_000) });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'not_ready', reason: 'shutting_down' });
      const health = await fetch(`http://127.0.0.1:${server.port}/api/health`, { signal: AbortSignal.timeout(2_000) });
      expect(health.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
      const exit = await server.exited;
      expect(exit).toMatchObject({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(4_000);
    },
    SPAWN_TEST_MS,
  );

  it(
    'gives up on a request that never finishes after SHUTDOWN_GRACE_MS',
    async () => {
      const server = spawnServer({ PORT: String(await closedPort()), DATABASE_URL: 'memory:', SHUTDOWN_GRACE_MS: '1500' });
      await untilHealthy(server);
      const stuck = await connect(server.port);
      stuck.socket.write('POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
      await sleep(300);
      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      const took = Date.now() - signalledAt;
      // close-with-grace ends the process with 1 once the grace period is over (the default is 10 s).
      expect(exit.code).toBe(1);
      expect(took).toBeGreaterThanOrEqual(1_400);
      expect(took).toBeLessThan(6_000);
      stuck.socket.destroy();
    },
    SPAWN_TEST_MS,
  );
});

describe.skipIf(postgresPass)('start-up on a database migrated by a newer version', () => {
  it(
    'exits 1 with a message that says so, without a stack trace',
    async () => {
      const dataDir = path.join(workDir, 'newer');
      const handle = await openDatabase({ url: undefined, dataDir });
      await handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${Date.now() + 86_400_000 * 365})`,
      );
      await handle.close();

      const server = spawnServer({ PORT: String(await closedPort()), DATA_DIR: dataDir });
      const exit = await server.exited;
      const output = server.output();
      expect(exit.code).toBe(1);
      expect(output).toContain('The database was migrated by a newer version of Copydesk');
      expect(output).not.toMatch(/^\s+at /m);
    },
    SPAWN_TEST_MS,
  );
});
