// Data the benches write straight into a database before a server runs on it (the embedded database
// has one owner at a time): paid orders of the demo agency, with the demo admin as their writer.
import { sql } from 'drizzle-orm';
import type { buildApp } from '../../apps/server/src/app.js';

type Db = Awaited<ReturnType<typeof buildApp>>['db'];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `count` paid orders of the demo agency, `itemsPerOrder` items each in `status`, with the demo admin as writer. Returns order and item ids. */
export async function seedItems(db: Db, status: string, orders: number, itemsPerOrder: number) {
  const result = await db.execute(sql`
    with product as (select p.id as product_id, w.title, w.words, w.price_cents from products p join product_word_counts w on w.product_id = p.id
                     where p.name = 'Blog Post' order by w.sort_order limit 1),
         agency as (select id from users where email = 'agency@example.com'),
         admin as (select id from users where email = 'admin@example.com'),
         inserted as (
           insert into orders (user_id, agency_id, total_cents, item_count, paid_at, created_at, updated_at)
           select agency.id, agency.id, product.price_cents * ${itemsPerOrder}, ${itemsPerOrder}, now(), now(), now()
           from generate_series(1, ${orders}) g, agency, product
           returning id)
    insert into order_items (order_id, product_id, order_type, word_count_title, requested_words, word_price_cents, addon_price_cents, cost_cents,
                             category, article_title, project_name, about_company, target_audience, purpose, writing_tone, publish_medium,
                             status, due_at, linkagent_id, revisions_left, review_started_at, created_at, updated_at)
    select i.id, product.product_id, 'Blog Post', product.title, product.words, product.price_cents, 0, product.price_cents,
           'Technology', 'Bench article ' || i.id || '-' || k, 'Bench project', 'Bench company', 'Readers', 'Informative', 'Casual', 'Own Website',
           ${status}, now() + interval '5 days', admin.id, 3, case when ${status} = 'Pending Review' then now() end, now(), now()
    from inserted i cross join generate_series(1, ${itemsPerOrder}) k cross join product cross join admin
    returning id, order_id`);
  return rowsOf<{ id: number; order_id: number }>(result).map((r) => ({ id: Number(r.id), orderId: Number(r.order_id) }));
}
