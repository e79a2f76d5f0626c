import os from 'node:os';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@copydesk/shared';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { rateLimitBuckets } from '../db/schema/index.js';
import { runHousekeeping } from '../plugins/housekeeping.js';
import { createTestApp, openTestDatabase, type TestApp } from '../test/harness.js';
import { uniqueEmail } from '../test/helpers.js';
import { databaseRateLimitStore } from './rate-limit-store.js';
import { postgresOnly } from '../test/postgres-only.js';

/** POST /api/password/reset: 20 requests per address per 15 minutes (auth.routes.ts), no email sent. */
const LIMITED_URL = '/api/password/reset';
const LIMIT = 20;
const resetPayload = { email: 'nobody@example.org', password: 'long enough', password_confirmation: 'long enough', token: 'x'.repeat(43) };
const hit = (app: App, remoteAddress: string) => app.inject({ method: 'POST', url: LIMITED_URL, payload: resetPayload, remoteAddress });

describe('per-route request limits kept in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 429 past the limit, with Retry-After, and counts in rate_limit_buckets', async () => {
    const address = '192.0.2.10';
    for (let i = 0; i < LIMIT; i++) expect((await hit(t.app, address)).statusCode).toBe(422);
    const over = await hit(t.app, address);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'rate_limit.exceeded', message: messages.tooManyRequests });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    const rows = await t.db
      .select()
      .from(rateLimitBuckets)
      .where(like(rateLimitBuckets.key, `%${address}%`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.key).toBe(`POST ${LIMITED_URL}|${LIMITED_URL}:${address}:`);
    expect(rows[0]!.count).toBe(LIMIT + 1);

    // Another address, and the same address on another route, have buckets of their own.
    expect((await hit(t.app, '192.0.2.11')).statusCode).toBe(422);
    const otherRoute = await t.app.inject({ method: 'POST', url: '/api/password/set', payload: resetPayload, remoteAddress: address });
    expect(otherRoute.statusCode).toBe(422);
  });

  it('starts a new window once the old one has ended, and housekeeping deletes ended windows', async () => {
    const address = '192.0.2.20';
    for (let i = 0; i <= LIMIT; i++) await hit(t.app, address);
    expect((await hit(t.app, address)).statusCode).toBe(429);
    const mine = like(rateLimitBuckets.key, `%:${address}:%`);
    await t.db
      .update(rateLimitBuckets)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(mine);

    expect((await hit(t.app, address)).statusCode).toBe(422);
    expect((await t.db.select().from(rateLimitBuckets).where(mine))[0]!.count).toBe(1);

    const other = '192.0.2.21';
    await hit(t.app, other);
    await t.db
      .update(rateLimitBuckets)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(like(rateLimitBuckets.key, `%:${other}:%`));
    await runHousekeeping(t.db, []);
    expect(
      await t.db
        .select()
        .from(rateLimitBuckets)
        .where(like(rateLimitBuckets.key, `%:${other}:%`)),
    ).toEqual([]);
    expect(await t.db.select().from(rateLimitBuckets).where(mine)).toHaveLength(1);
  });

  it('keys by the email where the route says so (forgot-password)', async () => {
    const email = uniqueEmail('limit');
    const address = '192.0.2.30';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: address });
      expect(res.statusCode).toBe(200);
    }
    const over = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: address });
    expect(over.statusCode).toBe(429);
    const [row] = await t.db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.key, `POST /api/forgot-password|/api/forgot-password:${address}:${email}`));
    expect(row?.count).toBe(6);
  });
});

describe('when the database cannot be reached', () => {
  it('lets requests through uncounted and logs, rather than answering 500', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const down = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    const unreachable = {
      insert: () => {
        throw down;
      },
      select: () => {
        throw down;
      },
    } as unknown as Database;
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(unreachable, app.log) });
    app.get('/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    try {
      for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/limited' })).statusCode).toBe(200);
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } });
      // One line per outage burst, not one per request.
      expect(logged.filter((l) => l.msg.startsWith('rate limit store unavailable'))).toEqual([
        expect.objectContaining({ level: 50, err: expect.objectContaining({ message: down.message }) }),
      ]);
    } finally {
      await app.close();
    }
  });
});

/** Several instances on one database: needs TEST_DATABASE_URL (the PostgreSQL run). */
describe.skipIf(!process.env.TEST_DATABASE_URL)(postgresOnly('two server instances on one PostgreSQL database'), () => {
  let database: DatabaseHandle;
  let first: App;
  let second: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    const config = testConfig({ FILE_STORAGE_DIR: os.tmpdir(), PUBLIC_URL: 'http://copydesk.test' });
    first = await buildApp(config, { database });
    second = await buildApp(config, { database, seed: false });
    await Promise.all([first.ready(), second.ready()]);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
  });

  it('share one bucket per key: requests to either count toward one limit', async () => {
    const address = '198.18.0.1';
    for (let i = 0; i < LIMIT; i++) expect((await hit(i % 2 ? first : second, address)).statusCode).toBe(422);
    expect((await hit(first, address)).statusCode).toBe(429);
    expect((await hit(second, address)).statusCode).toBe(429);
  });

  it('count concurrent hits from both exactly once each', async () => {
    const address = '198.18.0.2';
    const answers = await Promise.all(Array.from({ length: LIMIT + 10 }, (_, i) => hit(i % 2 ? first : second, address)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
