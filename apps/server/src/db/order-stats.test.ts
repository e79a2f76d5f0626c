import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import type { DatabaseHandle } from './client.js';

/**
 * agency_order_stats and user_order_stats (the order counts behind the dashboard and the unfiltered order list) stays
 * equal to a recount of the orders however they are written: many orders in one statement (migration
 * 0016 counts them once per statement), then payments, deletions and restores one order at a time.
 */
let t: DatabaseHandle;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function statsMatchRecount(agencyIds: number[]) {
  const kept = rowsOf<{ agency_id: number; orders: number; unpaid: number }>(
    await t.db.execute(sql`select agency_id, orders, unpaid from agency_order_stats where agency_id in ${agencyIds} order by agency_id`),
  );
  const counted = rowsOf<{ agency_id: number; orders: number; unpaid: number }>(
    await t.db.execute(sql`select agency_id, count(*)::int as orders, (count(*) filter (where paid_at is null))::int as unpaid
                           from orders where deleted_at is null and agency_id in ${agencyIds} group by agency_id order by agency_id`),
  );
  expect(kept.map((r) => ({ ...r, orders: Number(r.orders), unpaid: Number(r.unpaid) }))).toEqual(counted);
  const perUser = rowsOf<{ user_id: number; kept: number; counted: number }>(
    await t.db
      .execute(sql`select s.user_id, s.orders::int as kept, (select count(*)::int from orders o where o.user_id = s.user_id and o.deleted_at is null) as counted
                           from user_order_stats s where s.user_id in ${agencyIds} order by s.user_id`),
  );
  for (const row of perUser) expect(row.kept, `user ${row.user_id}`).toBe(row.counted);
  return counted;
}

describe('the order counters', () => {
  it('counts inserted orders once per statement (a row trigger made a bulk insert quadratic)', async () => {
    // tgtype bit 0 is FOR EACH ROW; bit 2 INSERT, bit 3 DELETE, bit 4 UPDATE.
    const triggers = rowsOf<{ tgname: string; per_row: boolean; on_insert: boolean }>(
      await t.db.execute(sql`select tgname, (tgtype & 1) = 1 as per_row, (tgtype & 4) = 4 as on_insert
                             from pg_trigger where tgrelid = 'orders'::regclass and not tgisinternal order by tgname`),
    );
    expect(triggers.filter((tr) => tr.on_insert)).toEqual([{ tgname: 'orders_stats_insert', per_row: false, on_insert: true }]);
  });

  it('counts a multi-row insert across agencies once, and follows single-order changes', async () => {
    const [{ id: demoAgency }, { id: otherAgency }] = rowsOf<{ id: number }>(
      await t.db.execute(
        sql`insert into users (name, email, role) values ('Alpha', 'alpha@example.com', 'agency'), ('Bravo', 'bravo@example.com', 'agency') returning id`,
      ),
    );
    const agencies = [demoAgency, otherAgency];
    const before = await statsMatchRecount(agencies);

    // 300 orders in one statement: a third of them paid, every tenth deleted, split between two agencies.
    await t.db.execute(sql`
      insert into orders (user_id, agency_id, total_cents, item_count, paid_at, deleted_at)
      select a, a, 1000, 1, case when g % 3 = 0 then now() end, case when g % 10 = 0 then now() end
      from generate_series(1, 300) g, lateral (select case when g % 2 = 0 then ${demoAgency}::integer else ${otherAgency}::integer end as a) pick`);
    const after = await statsMatchRecount(agencies);
    const grown = (id: number) => (after.find((r) => r.agency_id === id)?.orders ?? 0) - (before.find((r) => r.agency_id === id)?.orders ?? 0);
    expect(grown(demoAgency) + grown(otherAgency)).toBe(270);

    // One order at a time: paid, deleted, restored, and deleted for good.
    const [{ id }] = rowsOf<{ id: number }>(
      await t.db.execute(sql`select id from orders where agency_id = ${otherAgency} and paid_at is null and deleted_at is null limit 1`),
    );
    await t.db.execute(sql`update orders set paid_at = now() where id = ${id}`);
    await statsMatchRecount(agencies);
    await t.db.execute(sql`update orders set deleted_at = now() where id = ${id}`);
    await statsMatchRecount(agencies);
    await t.db.execute(sql`update orders set deleted_at = null where id = ${id}`);
    await statsMatchRecount(agencies);
    await t.db.execute(sql`delete from orders where id = ${id}`);
    await statsMatchRecount(agencies);
  });
});
