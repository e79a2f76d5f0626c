import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPGlite } from './pglite.js';
import { migrationsFolder } from './template.js';

/**
 * Migration 0010 (64-bit money) applied to a database that already holds money and whose session
 * has already run the ledger triggers, as a running instance's connection has during a deploy.
 */
const MIGRATION = '0010_bigint_money';
let before: string;
let client: PGlite;

/** The committed migrations up to, not including, `tag`: the database as the previous release left it. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-migrations-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const ledgerInsert = (cents: number | string) =>
  client.query<{ balance_after_cents: number }>(
    `insert into wallet_entries (agency_id, amount_cents, balance_after_cents, kind, description)
     select id, ${cents}, 0, 'topup_admin', 'test' from users where email = 'big@example.org' returning balance_after_cents`,
  );

beforeAll(async () => {
  before = migrationsBefore(MIGRATION);
  client = openPGlite();
  await migrate(drizzle(client), { migrationsFolder: before });
  await client.exec(`insert into users (name, email, role, password_hash) values ('Big', 'big@example.org', 'agency', 'x');
    insert into wallets (agency_id) select id from users where email = 'big@example.org';`);
});
afterAll(async () => {
  await client?.close();
  if (before) fs.rmSync(before, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it('lifts the 32-bit ceiling on a wallet that has been used, keeping its ledger and guards', async () => {
    expect((await ledgerInsert(2_147_483_000)).rows[0]!.balance_after_cents).toBe(2_147_483_000);
    await expect(ledgerInsert(100_000)).rejects.toThrow(/out of range/);

    await migrate(drizzle(client), { migrationsFolder });

    // Same session: its cached trigger plans were typed for integer money.
    expect(Number((await ledgerInsert(100_000)).rows[0]!.balance_after_cents)).toBe(2_147_583_000);
    const { rows } = await client.query<{ balance: string; total: string }>(
      `select w.balance_cents::text as balance, (select sum(amount_cents)::text from wallet_entries e where e.agency_id = w.agency_id) as total from wallets w`,
    );
    expect(rows).toEqual([{ balance: '2147583000', total: '2147583000' }]);
    // The overdraft check, the append-only ledger and the balance guard still hold.
    await expect(ledgerInsert(-3_000_000_000)).rejects.toThrow(/wallets_balance_check/);
    await expect(client.exec('delete from wallet_entries')).rejects.toThrow(/append-only/);
    await expect(client.exec('update wallets set balance_cents = 1')).rejects.toThrow(/only through wallet_entries/);
  });
});
