import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersRepository } from '../modules/orders/orders.repository.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { userIdByEmail } from '../test/helpers.js';
import type { Database } from './client.js';
import * as schema from './schema/index.js';
import { postgresOnly } from '../test/postgres-only.js';

/**
 * Migration 0013: pg_trgm and the indexes behind the list searches and filters, on the embedded
 * database and on PostgreSQL, and (PostgreSQL, with enough rows for the planner to care) the order
 * list's keyword search planned on the items' trigram indexes instead of a scan.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const TRIGRAM_INDEXES = {
  order_items: ['order_items_article_title_trgm_idx', 'order_items_project_name_trgm_idx', 'order_items_order_type_trgm_idx'],
  users: ['users_name_trgm_idx', 'users_email_trgm_idx', 'users_company_name_trgm_idx'],
  payments: ['payments_description_trgm_idx', 'payments_invoice_number_trgm_idx'],
  coupons: ['coupons_code_trgm_idx', 'coupons_type_trgm_idx'],
};
const BTREE_INDEXES = {
  orders: ['orders_unpaid_idx'],
  users: ['users_name_sort_idx', 'users_created_idx', 'users_status_idx'],
  payments: ['payments_user_idx'],
  coupon_redemptions: ['coupon_redemptions_user_idx', 'coupon_redemptions_order_idx', 'coupon_redemptions_created_idx'],
};

async function indexesOf(db: Database) {
  const rows = rowsOf<{ tablename: string; indexname: string; indexdef: string }>(
    await db.execute(sql`select tablename, indexname, indexdef from pg_indexes where schemaname = current_schema()`),
  );
  return new Map(rows.map((r) => [r.indexname, r]));
}

describe('migration 0013: search indexes', () => {
  it('creates pg_trgm, trigram GIN indexes on the searched columns and btree indexes on list filters', async () => {
    expect(rowsOf(await t.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`))).toHaveLength(1);
    const indexes = await indexesOf(t.db);
    for (const [table, names] of Object.entries(TRIGRAM_INDEXES)) {
      for (const name of names) {
        expect(indexes.get(name), name).toMatchObject({ tablename: table, indexdef: expect.stringMatching(/USING gin \(\w+ gin_trgm_ops\)/) });
      }
    }
    for (const [table, names] of Object.entries(BTREE_INDEXES)) {
      for (const name of names) expect(indexes.get(name), name).toMatchObject({ tablename: table, indexdef: expect.stringContaining('USING btree') });
    }
  });

  it('answers a contains-search through a trigram index and keeps writing to the indexed tables', async () => {
    // Writes go through the extension's code: without it loaded, the embedded database refuses them.
    await t.db.execute(sql`update users set company_name = 'Trigram Probe Works' where email = 'agency@example.com'`);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain select id from users where company_name ilike '%probe wor%'`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain('users_company_name_trgm_idx');
    const found = rowsOf<{ email: string }>(await t.db.execute(sql`select email from users where company_name ilike '%probe wor%'`));
    expect(found).toEqual([{ email: 'agency@example.com' }]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(postgresOnly('the order list keyword search on PostgreSQL'), () => {
  const ORDERS = 20_000;
  let agencyId: number;
  /** The statements the repository sends, with their parameters. */
  const sent: { query: string; params: unknown[] }[] = [];
  let traced: Database;
  let pool: pg.Pool;

  beforeAll(async () => {
    agencyId = await userIdByEmail(t.db, 'agency@example.com');
    // Orders of the demo agency with one item each, titled "Seeded <md5 of the order id>".
    await t.db.execute(sql`
      with product as (select p.id as product_id, w.title, w.words, w.price_cents from products p join product_word_counts w on w.product_id = p.id
                       where p.name = 'Blog Post' order by w.sort_order limit 1),
           inserted as (
             insert into orders (user_id, agency_id, total_cents, item_count)
             select ${agencyId}, ${agencyId}, product.price_cents, 1 from generate_series(1, ${ORDERS}), product
             returning id)
      insert into order_items (order_id, product_id, order_type, word_count_title, requested_words, word_price_cents, addon_price_cents, cost_cents, article_title, project_name)
      select inserted.id, product.product_id, 'Blog Post', product.title, product.words, product.price_cents, 0, product.price_cents, 'Seeded ' || md5(inserted.id::text), 'Bench project'
      from inserted, product`);
    await t.db.execute(sql`analyze orders`);
    await t.db.execute(sql`analyze order_items`);
    await t.db.execute(sql`analyze users`);
    pool = (t.db as unknown as { $client: pg.Pool }).$client;
    traced = drizzlePg(pool, { schema, logger: { logQuery: (query, params) => sent.push({ query, params }) } }) as unknown as Database;
  });

  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
  const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

  /** Every node of the plan of a statement the repository sent, with its parameters bound as it sent them. */
  async function planOf(statement: { query: string; params: unknown[] }) {
    const { rows } = await pool.query(`explain (format json) ${statement.query}`, statement.params);
    return flatten((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
  }

  it('finds the few matching orders through the items’ trigram index, then reads only those orders', async () => {
    const [target] = rowsOf<{ id: number; keyword: string }>(
      await t.db.execute(sql`select id, substr(md5(id::text), 5, 10) as keyword from orders where agency_id = ${agencyId} order by id limit 1 offset 500`),
    );
    sent.length = 0;
    const { rows, total } = await ordersRepository.list(
      traced,
      { kind: 'agency', agencyId },
      { status: 'unpaid', keyword: target!.keyword.toUpperCase() },
      { limit: 30, offset: 0, sortColumn: 'id', sortOrder: 'desc' },
    );
    expect(rows.map((r) => r.id)).toEqual([target!.id]);
    expect(total).toBe(1);

    const lookup = sent.find((s) => /with matches as materialized/i.test(s.query))!;
    const nodes = await planOf(lookup);
    const described = JSON.stringify(nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]));
    expect(
      nodes.map((n) => n['Index Name']),
      described,
    ).toContain('order_items_article_title_trgm_idx');
    const page = sent.find((s) => /\blimit\b/i.test(s.query) && /"orders"\."total_cents"/.test(s.query))!;
    const count = sent.find((s) => /count\(\*\)/i.test(s.query))!;
    for (const statement of [lookup, page, count]) {
      const scanned = (await planOf(statement)).filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
      expect(scanned, statement.query).not.toContain('order_items');
      expect(scanned, statement.query).not.toContain('orders');
    }
  });

  it('still lists and counts a keyword that matches every order', async () => {
    const { rows, total } = await ordersRepository.list(
      t.db,
      { kind: 'agency', agencyId },
      { status: 'unpaid', keyword: 'seeded' },
      { limit: 30, offset: 0, sortColumn: 'id', sortOrder: 'desc' },
    );
    expect(total).toBe(ORDERS);
    expect(rows).toHaveLength(30);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
  });
});
