import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { asc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletEntries, wallets } from '../../db/schema/index.js';
import { openPGlite } from '../../db/pglite.js';
import { migrationsFolder } from '../../db/template.js';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { fundedAgency, orderItem, placeOrder } from '../../test/helpers.js';
import { postgresOnly } from '../../test/postgres-only.js';

/**
 * The ledger read by `position` is the order in which the balance moved: each entry's
 * balance_after is the previous one's plus its amount, and the last one's is the wallet's balance
 * (migration 0019, docs/decisions/0002-wallet-ledger.md). On PostgreSQL the id is drawn before the
 * wallet row is locked, so concurrent entries can take ids in another order; only there do the
 * movements truly race, so the race runs in the PostgreSQL pass (TEST_DATABASE_URL) and is skipped
 * on the embedded database, which runs one transaction at a time (its id order is already the
 * balance order there, and the race would prove nothing).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!onPostgres) {
  console.info('ledger-order.test.ts: the 100-movement race needs real concurrency and runs in the PostgreSQL pass (TEST_DATABASE_URL).');
}

type Entry = { id: number; position: number; amountCents: number; balanceAfterCents: number };

/** Every way the ledger of one wallet, read by position, fails to step from one balance to the next. */
function breaks(entries: Entry[], balanceCents: number): string[] {
  const problems: string[] = [];
  entries.forEach((entry, i) => {
    if (entry.position !== i + 1) problems.push(`entry ${entry.id}: position ${entry.position}, expected ${i + 1}`);
    const before = i === 0 ? 0 : entries[i - 1]!.balanceAfterCents;
    if (entry.balanceAfterCents !== before + entry.amountCents)
      problems.push(`position ${entry.position}: ${before} + ${entry.amountCents} ≠ balance_after ${entry.balanceAfterCents}`);
  });
  if (entries.at(-1)?.balanceAfterCents !== balanceCents) problems.push(`newest balance_after ${entries.at(-1)?.balanceAfterCents} ≠ balance ${balanceCents}`);
  return problems;
}

describe('the ledger in the order the balance moved', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, demo.admin);
  });
  afterAll(() => t?.close());

  const ledgerOf = (agencyId: number): Promise<Entry[]> =>
    t.db
      .select({
        id: walletEntries.id,
        position: walletEntries.position,
        amountCents: walletEntries.amountCents,
        balanceAfterCents: walletEntries.balanceAfterCents,
      })
      .from(walletEntries)
      .where(eq(walletEntries.agencyId, agencyId))
      .orderBy(asc(walletEntries.position));
  const balanceOf = async (agencyId: number) => (await t.db.select().from(wallets).where(eq(wallets.agencyId, agencyId)))[0]!;

  it('numbers each wallet 1, 2, 3… whatever position the insert gives', async () => {
    const { token, id } = await fundedAgency(t.app, t.db, admin, 100);
    const orderId = await placeOrder(t.app, token, [orderItem()]);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/order/pay',
      headers: bearer(token),
      payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await t.db.insert(walletEntries).values({ agencyId: id, amountCents: 5, balanceAfterCents: 0, position: 999, kind: 'topup_admin', description: 'x' });
    const wallet = await balanceOf(id);
    const entries = await ledgerOf(id);
    expect(entries.map((e) => e.position)).toEqual([1, 2, 3]);
    expect(wallet.entryCount).toBe(3);
    expect(breaks(entries, wallet.balanceCents)).toEqual([]);
    // The counter, like the balance, moves only with an entry.
    await expect(t.db.update(wallets).set({ entryCount: 0 }).where(eq(wallets.agencyId, id))).rejects.toThrow();
  });

  it.skipIf(!onPostgres)(
    postgresOnly('100 concurrent movements on one wallet: by position, balance_after steps from each entry to the next and ends at the balance'),
    async () => {
      const PAYMENTS = 50;
      const TOPUPS = 50;
      const { token, id } = await fundedAgency(t.app, t.db, admin, PAYMENTS * 28);
      const orderIds: number[] = [];
      for (let i = 0; i < PAYMENTS; i++) orderIds.push(await placeOrder(t.app, token, [orderItem()]));

      const pool = (t.db as unknown as { $client: pg.Pool }).$client;
      let busy = 0;
      let peak = 0;
      const acquired = () => (peak = Math.max(peak, ++busy));
      const released = () => void busy--;
      pool.on('acquire', acquired);
      pool.on('release', released);
      let answers;
      try {
        answers = await Promise.all([
          ...orderIds.map((orderId) =>
            t.app.inject({
              method: 'POST',
              url: '/api/order/pay',
              headers: bearer(token),
              payload: { paymentInfo: { payment_type: 'Balance', termsAccepted: true, order_id: orderId } },
            }),
          ),
          ...Array.from({ length: TOPUPS }, (_, i) =>
            t.app.inject({
              method: 'POST',
              url: '/api/billing/addBalance',
              headers: bearer(admin),
              payload: { paymentInfo: { balanceByAdmin: true, agency: id, balance: 1 + (i % 7), description: `Race credit ${i}` } },
            }),
          ),
        ]);
      } finally {
        pool.off('acquire', acquired);
        pool.off('release', released);
      }
      expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
      expect(peak).toBeGreaterThan(1);

      const entries = await ledgerOf(id);
      const wallet = await balanceOf(id);
      // The opening credit and the 100 movements (and the offer credit, once the payments pass its threshold).
      expect(entries.length).toBeGreaterThanOrEqual(1 + PAYMENTS + TOPUPS);
      expect(wallet.entryCount).toBe(entries.length);
      expect(breaks(entries, wallet.balanceCents)).toEqual([]);
    },
    120_000,
  );
});

describe('migration 0019 on a ledger that already has entries', () => {
  const TAG = '0019_sign_in_links_and_ledger_order';
  let dir: string;
  let client: PGlite;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-migrations-'));
    fs.cpSync(migrationsFolder, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === TAG);
    expect(cut).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, cut);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    client = openPGlite();
    await migrate(drizzle(client), { migrationsFolder: dir });
  });
  afterAll(async () => {
    await client?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('numbers the existing entries in id order per wallet, and carries each wallet count on', async () => {
    await client.exec(
      `insert into users (name, email, role, password_hash) values ('A', 'a@example.org', 'agency', 'x'), ('B', 'b@example.org', 'agency', 'x')`,
    );
    for (const [email, cents] of [
      ['a@example.org', 500],
      ['b@example.org', 700],
      ['a@example.org', -200],
      ['b@example.org', 100],
      ['a@example.org', 50],
    ] as const) {
      await client.query(
        `insert into wallet_entries (agency_id, amount_cents, balance_after_cents, kind, description) select id, $1, 0, 'topup_admin', 'old' from users where email = $2`,
        [cents, email],
      );
    }
    const positionsBefore = await client.query<{ email: string; id: number }>(
      `select u.email, e.id from wallet_entries e join users u on u.id = e.agency_id order by u.email, e.id`,
    );
    await migrate(drizzle(client), { migrationsFolder });

    const rows = (
      await client.query<{ email: string; id: number; position: number; entry_count: number }>(
        `select u.email, e.id, e.position, w.entry_count from wallet_entries e join users u on u.id = e.agency_id join wallets w on w.agency_id = e.agency_id
        order by u.email, e.position`,
      )
    ).rows;
    expect(rows.map((r) => r.id)).toEqual(positionsBefore.rows.map((r) => r.id));
    expect(rows.map((r) => [r.email, r.position, r.entry_count])).toEqual([
      ['a@example.org', 1, 3],
      ['a@example.org', 2, 3],
      ['a@example.org', 3, 3],
      ['b@example.org', 1, 2],
      ['b@example.org', 2, 2],
    ]);
    const next = await client.query<{ position: number }>(
      `insert into wallet_entries (agency_id, amount_cents, balance_after_cents, kind, description)
        select id, 1, 0, 'topup_admin', 'new' from users where email = 'b@example.org' returning position`,
    );
    expect(next.rows[0]!.position).toBe(3);
  });
});
