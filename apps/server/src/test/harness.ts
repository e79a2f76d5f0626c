import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { testConfig } from '../config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import { openPGlite } from '../db/pglite.js';
import { ensureTemplate } from '../db/template.js';
import * as schema from '../db/schema/index.js';
import { DEMO_PASSWORD } from '../seed/index.js';
import type { PaymentGateway } from '../lib/payment-gateway.js';
import type { AppContext } from '../lib/app-context.js';

/**
 * Each API test file gets its own database: an in-memory PGlite loaded from a migrated template
 * (built once per migration set and cached in the temp folder), or, with TEST_DATABASE_URL, a fresh
 * database on that PostgreSQL server, dropped afterwards.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `copydesk_t_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openDatabase({ url: target.toString(), dataDir: os.tmpdir() });
    return {
      ...handle,
      async close() {
        await handle.close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        try {
          // FORCE ends our own connections; an autovacuum worker busy on the new database is not
          // ours to end (42501) and leaves within moments.
          for (let attempt = 1; ; attempt += 1) {
            try {
              await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
              break;
            } catch (err) {
              if ((err as { code?: string }).code !== '42501' || attempt === 20) throw err;
              await new Promise((resolve) => setTimeout(resolve, 250));
            }
          }
        } finally {
          await drop.end();
        }
      },
    };
  }
  const client = openPGlite(undefined, { loadDataDir: await ensureTemplate(os.tmpdir()) });
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

export interface TestApp {
  app: App;
  db: Database;
  /** The app's context, for tests that call a service or a job directly. */
  ctx: AppContext;
  kind: DatabaseHandle['kind'];
  /** Every log line the app wrote, for redaction checks. */
  logs: string[];
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: { gateway?: (db: Database) => PaymentGateway; onRoute?: BuildAppOptions['onRoute'] } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-files-'));
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  // The overload guard is off unless a test asks for it: test files share processes and cores, so a
  // production-mode app (guard on by default) would answer 503 whenever a neighbour's work held the
  // event loop for a second.
  const config = testConfig({ FILE_STORAGE_DIR: files, LOG_LEVEL: 'info', PUBLIC_URL: 'http://copydesk.test', MAX_EVENT_LOOP_DELAY_MS: '0', ...env });
  const app = await buildApp(config, { database, logStream, onRoute: options.onRoute, ...(options.gateway ? { gateway: options.gateway(database.db) } : {}) });
  await app.ready();
  return {
    app,
    db: database.db,
    ctx: app.ctx,
    kind: database.kind,
    logs,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(files, { recursive: true, force: true });
    },
  };
}

export const demo = {
  admin: 'admin@example.com',
  agency: 'agency@example.com',
  associate: 'associate@example.com',
  password: DEMO_PASSWORD,
} as const;

/** Signs in through the API and returns the bearer token. */
export async function loginAs(app: App, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login as ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
