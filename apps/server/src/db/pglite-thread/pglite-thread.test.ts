import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, openDatabase, sqlState, type DatabaseHandle } from '../client.js';
import { users } from '../schema/index.js';
import { ensureTemplate, templateFile } from '../template.js';
import { PGliteThread } from './index.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-thread-'));
let tarball: string;
let thread: PGliteThread;

beforeAll(async () => {
  // The template the API tests share (test/harness.ts), built here when this file runs first.
  await ensureTemplate(os.tmpdir());
  tarball = templateFile(os.tmpdir());
  thread = new PGliteThread({ dir: path.join(work, 'raw', 'db'), templateFile: tarball });
  await thread.waitReady;
  await thread.query('create table marks (id int primary key, at timestamptz not null default now())');
}, 120_000);
afterAll(async () => {
  await thread.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const count = async (tx: Pick<PGliteThread, 'query'> = thread) => ((await tx.query('select count(*)::int as n from marks')).rows[0] as { n: number }).n;

describe('the embedded database in a worker thread', () => {
  it('opens a new folder from the migrated template', async () => {
    const { rows } = await thread.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
  });

  it('answers in the row mode asked for, with timestamps as PostgreSQL text (as drizzle asks)', async () => {
    await thread.query('insert into marks (id, at) values ($1, $2)', [1, '2026-01-02T03:04:05Z']);
    const objects = await thread.query('select id, at from marks where id = $1', [1], { rowMode: 'object' });
    expect(objects.rows).toEqual([{ id: 1, at: '2026-01-02 03:04:05+00' }]);
    const arrays = await thread.query('select id, at from marks where id = $1', [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, '2026-01-02 03:04:05+00']]);
    await thread.query('delete from marks');
  });

  it('commits a transaction, and a query outside it waits for it to end', async () => {
    let outside: Promise<number> | undefined;
    let outsideSettled = false;
    await thread.transaction(async (tx) => {
      await tx.query('insert into marks (id) values (10)');
      outside = count().then((n) => {
        outsideSettled = true;
        return n;
      });
      // Long enough for the worker to have run the outside query, had it not waited.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(outsideSettled).toBe(false);
      expect(await count(tx)).toBe(1);
    });
    expect(await outside).toBe(1);
    await thread.query('delete from marks');
  });

  it('rolls back when the callback throws, and passes the error on', async () => {
    const failure = new Error('changed my mind');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into marks (id) values (20)');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await count()).toBe(0);
  });

  it('gives PostgreSQL errors with their fields (SQLSTATE, constraint) across the thread', async () => {
    await thread.query('insert into marks (id) values (30)');
    const err = await thread.query('insert into marks (id) values (30)').catch((e: unknown) => e as Record<string, unknown>);
    expect(err).toMatchObject({ code: '23505', constraint: 'marks_pkey' });
    await thread.query('delete from marks');
  });

  it('keeps the event loop free while the database works', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = performance.now();
    try {
      await thread.query('select count(*) from generate_series(1, 3000000)');
    } finally {
      clearInterval(timer);
    }
    const elapsed = performance.now() - started;
    // In this thread PGlite would block the loop for the whole query: no tick at all.
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });
});

describe('openDatabase on a data folder', () => {
  let handle: DatabaseHandle;
  const dataDir = path.join(work, 'data');

  beforeAll(async () => {
    handle = await openDatabase({ url: undefined, dataDir });
  }, 60_000);

  it('runs drizzle queries and transactions through the thread, nested ones as savepoints', async () => {
    const { db } = handle;
    const email = 'thread@example.com';
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ name: 'Thread', email, passwordHash: 'x', role: 'admin', status: 1 });
      await tx
        .transaction(async (inner) => {
          await inner.update(users).set({ name: 'Renamed' }).where(eq(users.email, email));
          inner.rollback();
        })
        .catch(() => {});
    });
    const [row] = await db.select({ name: users.name, createdAt: users.createdAt }).from(users).where(eq(users.email, email));
    expect(row!.name).toBe('Thread');
    expect(row!.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(Date.now() - (row!.createdAt as Date).getTime())).toBeLessThan(60_000);
    const duplicate = await db
      .insert(users)
      .values({ name: 'Again', email, passwordHash: 'x', role: 'admin', status: 1 })
      .catch((e: unknown) => e);
    expect(sqlState(duplicate)).toBe('23505');
    expect(((await db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
  });

  it('says the database is unavailable once it is closed', async () => {
    await handle.close();
    const err = await handle.db.execute(sql`select 1`).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });
});
