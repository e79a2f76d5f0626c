import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { ensureTemplate, migrationsFolder, templateFile } from './template.js';
import { unpackTemplate } from './unpack-template.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-unpack-'));
let tarball: string;

beforeAll(async () => {
  // The template the API tests share (test/harness.ts), built here when this file runs first.
  await ensureTemplate(os.tmpdir());
  tarball = templateFile(os.tmpdir());
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('unpackTemplate', () => {
  it('gives a data directory PGlite opens with every migration applied', async () => {
    const dir = path.join(work, 'fresh', 'db');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    expect(unpackTemplate(tarball, dir)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(path.dirname(dir))).toEqual(['db']);

    const client = new PGlite(dir);
    try {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
      const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(rows[0]!.n).toBe(journal.entries.length);
    } finally {
      await client.close();
    }
  });

  it('leaves a folder that already holds files alone', () => {
    const dir = path.join(work, 'busy');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'keep.txt'), 'mine');
    expect(unpackTemplate(tarball, dir)).toBe(false);
    expect(fs.readdirSync(dir)).toEqual(['keep.txt']);
  });

  it('does nothing without a template', () => {
    const dir = path.join(work, 'none');
    expect(unpackTemplate(path.join(work, 'missing.tar.gz'), dir)).toBe(false);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('gives a database the server opens, writes and finds again after a restart', async () => {
    const dataDir = path.join(work, 'data');
    expect(unpackTemplate(tarball, path.join(dataDir, 'db'))).toBe(true);
    const first = await openDatabase({ url: undefined, dataDir });
    await first.db.execute('create table start_marker (id int)');
    await first.db.execute('insert into start_marker values (1)');
    await first.close();
    const again = await openDatabase({ url: undefined, dataDir });
    try {
      const result = await again.db.execute('select count(*)::int as n from start_marker');
      expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    } finally {
      await again.close();
    }
  });
});
