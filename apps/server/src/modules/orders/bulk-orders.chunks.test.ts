import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, demo, loginAs, type TestApp } from '../../test/harness.js';
import { multipart } from '../../test/helpers.js';
import { rawSheet } from '../../test/xlsx.js';
import { runHousekeeping } from '../../plugins/housekeeping.js';
import { bulkImportSweeps, IMPORT_CHUNK_ROWS } from './bulk-orders.service.js';

/**
 * A bulk import is written in short transactions (docs/decisions/0029-imports-in-chunks-and-message-digests.md),
 * so the embedded database's one connection is never held for the whole import, and yet nobody sees
 * the order half-made, and an import that fails part-way leaves nothing behind.
 */
const ROW = ['Technology', '', 'Acme blog', 'We make rockets', 'Engineers', '500 Words', 'Informative', 'Casual', 'Own Website'];
const sheet = (rows: number) => rawSheet(rows, (r, c) => (c === 1 ? `Imported item ${r}` : ROW[c]!));

let t: TestApp;
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
let agency: string;
let agencyId: number;
beforeAll(async () => {
  t = await createTestApp();
  agency = await loginAs(t.app, demo.agency);
  agencyId = (await rows<{ id: number }>(sql`select id from users where email = ${demo.agency}`))[0]!.id;
});
afterAll(() => t?.close());

const upload = (data: Buffer) => {
  const form = multipart({ order_type: 'Blog Post' }, { field: 'file', name: 'orders.xlsx', type: 'application/octet-stream', data });
  return t.app.inject({ method: 'POST', url: '/api/order/bulk', payload: form.payload, headers: { ...form.headers, ...bearer(agency) } });
};
/** Every order of the agency, deleted ones too, and the items under them. */
const everything = async () =>
  (
    await rows<{ orders: number; items: number }>(
      sql`select (select count(*)::int from orders where agency_id = ${agencyId}) as orders,
                 (select count(*)::int from order_items i join orders o on o.id = i.order_id where o.agency_id = ${agencyId}) as items`,
    )
  )[0]!;

/** The trigger-kept order counters of the agency, beside a count of its live orders. */
const counters = async () =>
  (
    await rows<{ kept: string; counted: string }>(
      sql`select (select orders || '/' || unpaid from agency_order_stats where agency_id = ${agencyId}) as kept,
                 (select count(*) || '/' || count(*) filter (where paid_at is null) from orders where agency_id = ${agencyId} and deleted_at is null) as counted`,
    )
  )[0]!;

describe('a bulk import in chunks', () => {
  it('shows the order only once every item is in', async () => {
    const count = IMPORT_CHUNK_ROWS * 6 + 7;
    const data = await sheet(count);
    // Visible (not deleted) orders of the agency whose items are not all there yet.
    const halfMade = sql`select count(*)::int as n from orders o where o.agency_id = ${agencyId} and o.deleted_at is null
      and o.item_count <> (select count(*) from order_items i where i.order_id = o.id)`;
    // Items already written under the hidden order: other queries run between its chunks.
    const written = sql`select count(*)::int as n from order_items i join orders o on o.id = i.order_id
      where o.agency_id = ${agencyId} and o.deleted_at is not null and i.article_title like 'Imported item %'`;
    let done = false;
    const seen: number[] = [];
    const between: number[] = [];
    const importing = upload(data).finally(() => (done = true));
    while (!done) {
      seen.push((await rows<{ n: number }>(halfMade))[0]!.n);
      between.push((await rows<{ n: number }>(written))[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const res = await importing;
    expect(res.statusCode, res.body).toBe(200);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((n) => n === 0)).toBe(true);
    // In one transaction the items would appear all at once, after the order: here the database
    // answered in between, with part of them written.
    expect(between.some((n) => n > 0 && n < count)).toBe(true);
    const id = res.json().order.id as number;
    const [order] = await rows<{ items: number; item_count: number; deleted: boolean }>(
      sql`select (select count(*)::int from order_items where order_id = o.id) as items, o.item_count, o.deleted_at is not null as deleted from orders o where o.id = ${id}`,
    );
    expect(order).toEqual({ items: count, item_count: count, deleted: false });
    const listed = await t.app.inject({ method: 'GET', url: '/api/order?page=1&limit=5&sort_column=id&sort_order=desc', headers: bearer(agency) });
    expect(listed.json().data[0].id).toBe(id);
    // Counted once, when it was shown.
    const { kept, counted } = await counters();
    expect(kept).toBe(counted);
  });

  it('leaves nothing behind when a chunk fails part-way', async () => {
    const before = await everything();
    const outboxBefore = (await rows<{ n: number }>(sql`select count(*)::int as n from outbox_emails`))[0]!.n;
    // The fourth chunk's first row cannot be written.
    const failing = `Imported item ${IMPORT_CHUNK_ROWS * 3 + 2}`;
    await t.db.execute(
      sql.raw(`create function refuse_test_row() returns trigger language plpgsql as $$ begin
        if new.article_title = '${failing}' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await t.db.execute(sql`create trigger refuse_test_row before insert on order_items for each row execute function refuse_test_row()`);
    try {
      const res = await upload(await sheet(IMPORT_CHUNK_ROWS * 5));
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_test_row on order_items`);
      await t.db.execute(sql`drop function refuse_test_row()`);
    }
    // The earlier chunks were committed, and are gone again: no order, no item, no email.
    expect(await everything()).toEqual(before);
    const { kept, counted } = await counters();
    expect(kept).toBe(counted);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from outbox_emails`))[0]!.n).toBe(outboxBefore);
  });
});

describe('an import the server never finished', () => {
  it('is removed by housekeeping an hour on, and a deleted order is kept', async () => {
    const [abandoned] = await rows<{ id: number }>(
      sql`insert into orders (user_id, agency_id, total_cents, item_count, created_at, deleted_at)
          values (${agencyId}, ${agencyId}, 1000, 1, now() - interval '2 hours', now() - interval '2 hours') returning id`,
    );
    await t.db.execute(
      sql`insert into order_items (order_id, product_id, order_type, word_count_title, requested_words, word_price_cents, cost_cents, article_title)
          select ${abandoned!.id}, id, 'Blog Post', '500 Words', 500, 1000, 1000, 'Left half-made' from products limit 1`,
    );
    // Hidden at its insert, but only minutes ago: an import may still be writing it.
    const [recent] = await rows<{ id: number }>(
      sql`insert into orders (user_id, agency_id, total_cents, item_count, deleted_at) values (${agencyId}, ${agencyId}, 1000, 1, now()) returning id`,
    );
    // Made, then deleted later by its orderer.
    const [deleted] = await rows<{ id: number }>(
      sql`insert into orders (user_id, agency_id, total_cents, item_count, created_at, deleted_at)
          values (${agencyId}, ${agencyId}, 1000, 1, now() - interval '3 hours', now() - interval '2 hours') returning id`,
    );
    await runHousekeeping(t.db, bulkImportSweeps);
    const left = await rows<{ id: number }>(sql`select id from orders where id in (${abandoned!.id}, ${recent!.id}, ${deleted!.id}) order by id`);
    expect(left.map((r) => r.id)).toEqual([recent!.id, deleted!.id]);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from order_items where order_id = ${abandoned!.id}`))[0]!.n).toBe(0);
  });
});
