import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const START_TIMEOUT_MS = 30_000;

export interface RunningServer {
  baseURL: string;
  /** Holds the server's log until dispose(). */
  workDir: string;
  logFile: string;
  /** Stops the server and everything in its process group. */
  stop(): Promise<void>;
  /** Removes the temporary data and log folder. */
  dispose(): void;
}

/** Asks the kernel for a port nobody listens on. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const serverBundle = path.join(repoRoot, 'apps/server/dist/server.js');

/**
 * The tests drive the bundled server, as `npm start` runs it. `npm run build` made it; this only
 * rebuilds it when a server source changed since (a run straight after an edit).
 */
function ensureServerBundle(): void {
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/build.mjs'), '--if-stale'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.error) throw build.error;
  if (build.status !== 0 || !existsSync(serverBundle)) throw new Error('The server bundle did not build (node apps/server/build.mjs); see the output above.');
}

function tail(file: string, lines = 60): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

async function healthy(baseURL: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(1_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** The runner's environment minus anything that would point the server at real mail or another database. */
function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['SMTP_URL', 'TEST_DATABASE_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'OIDC_ISSUER', 'STRIPE_SECRET_KEY']) {
    delete env[name];
  }
  return { ...env, ...overrides };
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Signals the whole process group (the server and anything it spawned); ignores a group already gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts the bundled server (apps/server/dist/server.js) with an in-memory database on a free port
 * and waits for /api/health. The server runs in its own process group so stop() takes everything
 * down with it.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const webDist = process.env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist');
  const webIndex = path.join(webDist, 'index.html');
  if (!existsSync(webIndex)) {
    throw new Error(`The web app is not built (${webIndex} is missing). Run \`npm run build\` first.`);
  }
  ensureServerBundle();

  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const workDir = mkdtempSync(path.join(tmpdir(), 'copydesk-e2e-'));
  const logFile = path.join(workDir, 'server.log');
  const logFd = openSync(logFile, 'a');

  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', logFd, logFd],
    env: serverEnv({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATABASE_URL: 'memory:',
      DATA_DIR: path.join(workDir, 'data'),
      FILE_STORAGE_DIR: path.join(workDir, 'files'),
      WEB_DIST_DIR: webDist,
      PAYMENT_GATEWAY: 'sandbox',
      // As behind a proxy: sign-ups made by the harness say which address they come from (accounts.ts).
      TRUST_PROXY: 'true',
      // Webhooks may call a receiver the test starts on this machine (http://127.0.0.1:…, developers.spec.ts).
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The test default is silent; keep warnings so a failed start or a 500 shows in server.log.
      LOG_LEVEL: 'warn',
      ...extraEnv,
    }),
  });
  closeSync(logFd);

  // Last resort if the runner dies without teardown: never leave a server behind.
  const killOnExit = () => signalGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited(child)) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    // Stragglers spawned by the server share its group.
    signalGroup(child, 'SIGKILL');
  };
  const dispose = () => rmSync(workDir, { recursive: true, force: true });

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(child)) {
      await stop();
      const log = tail(logFile);
      dispose();
      throw new Error(`The server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was ready:\n${log}`);
    }
    if (await healthy(baseURL)) return { baseURL, workDir, logFile, stop, dispose };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  const log = tail(logFile);
  dispose();
  throw new Error(`The server did not answer 200 on /api/health within ${START_TIMEOUT_MS / 1000} s:\n${log}`);
}
