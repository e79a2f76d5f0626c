import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityMessages } from '@copydesk/shared';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DatabaseNewerThanCodeError, migrateDatabase, migrationsFolder, openDatabase, type DatabaseHandle } from '../../db/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { closedPort, silentServer } from '../../test/tcp.js';

/** A bearer token of the right shape; no database will ever know it. */
const someToken = `Bearer ${'a'.repeat(43)}`;

/** The whole app on a PostgreSQL pool whose server is not there (no migrations, no seed). */
async function appOn(url: string): Promise<{ app: App; database: DatabaseHandle }> {
  const database = await openDatabase({ url, dataDir: os.tmpdir(), migrate: false, log: { warn: () => {} } });
  const app = await buildApp(testConfig(), { database, seed: false });
  await app.ready();
  return { app, database };
}

describe('GET /api/health with the database up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200, says the database is up, its kind, and the newest migration applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'up',
      kind: t.kind === 'postgres' ? 'postgresql' : 'embedded',
      migration: newestJournalEntry().tag,
    });
  });

  it('readiness answers 200 while the app serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

/** The journal's highest-numbered entry: the migration a freshly migrated database is at. */
function newestJournalEntry(): { when: number; tag: string } {
  const { entries } = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; when: number; tag: string }[];
  };
  return entries.reduce((newest, entry) => (entry.idx > newest.idx ? entry : newest));
}

function journalWhens(): number[] {
  const { entries } = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return entries.map((entry) => entry.when);
}

describe('a database migrated by a newer version', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is refused with a clear message naming the newest migration this code knows', async () => {
    const newest = newestJournalEntry();
    await migrateDatabase({ db: t.db, kind: t.kind, close: async () => {} });
    const later = Math.max(...journalWhens()) + 60_000;
    await t.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${later})`);
    const refusal = migrateDatabase({ db: t.db, kind: t.kind, close: async () => {} });
    await expect(refusal).rejects.toBeInstanceOf(DatabaseNewerThanCodeError);
    await expect(refusal).rejects.toThrow(`newest this version knows is ${newest.tag}`);
    // Health names the unknown migration by its time rather than guessing a tag.
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ database: 'up', migration: `unknown migration of ${new Date(later).toISOString()}` });
  });
});

describe('with the database refusing connections', () => {
  let app: App;
  let database: DatabaseHandle;
  beforeAll(async () => {
    ({ app, database } = await appOn(`postgres://copydesk:secret@127.0.0.1:${await closedPort()}/copydesk`));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('health answers 503 and says the database is down, so a load balancer can act', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down', kind: 'postgresql' });
  });

  it('readiness answers 503 too, so the load balancer sends this instance no traffic', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', reason: 'database_down' });
  });

  it('a call that needs the database answers 503 with a message and Retry-After, not 500 or 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/getInfo', headers: { authorization: someToken } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'service.unavailable', message: availabilityMessages.databaseUnavailable });
    expect(res.headers['retry-after']).toBe('5');
  });
});

describe('with a database host that accepts connections and never answers', () => {
  let app: App;
  let database: DatabaseHandle;
  let host: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    host = await silentServer();
    ({ app, database } = await appOn(`postgres://copydesk:secret@127.0.0.1:${host.port}/copydesk`));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await host.close();
  });

  it('health answers 503 within its short timeout instead of hanging', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down', kind: 'postgresql' });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('a call that needs the database gives up at the pool connection timeout with a 503', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/getInfo', headers: { authorization: someToken } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'service.unavailable', message: availabilityMessages.databaseUnavailable });
  });
});
