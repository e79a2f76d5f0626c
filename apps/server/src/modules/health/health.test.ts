import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityMessages } from '@copydesk/shared';
import { buildApp, type App } from '../../app.js';
import { testConfig } from '../../config.js';
import { openDatabase, type DatabaseHandle } from '../../db/client.js';
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

  it('answers 200 and says the database is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
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
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
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
    expect(res.json()).toEqual({ status: 'unavailable', database: 'down' });
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('a call that needs the database gives up at the pool connection timeout with a 503', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/getInfo', headers: { authorization: someToken } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'service.unavailable', message: availabilityMessages.databaseUnavailable });
  });
});
